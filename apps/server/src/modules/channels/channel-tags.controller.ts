import { Body, Controller, HttpCode, Post, Put } from '@nestjs/common';
import { ChannelStatus, Role } from '@tollgate/contracts';
import { Roles } from '../../common/decorators/auth.decorators';
import { ChannelTagsService } from './channel-tags.service';
import { ChannelBatchTagDto } from './dto/channel-batch.dto';
import { ChannelTagDto, ChannelTagEditDto } from './dto/channel-tag.dto';

/** Tag-wide edits; each answers the number of channels changed (administrators only). */
@Controller('api/channel')
@Roles(Role.Admin)
export class ChannelTagsController {
  constructor(private readonly tags: ChannelTagsService) {}

  @Post('batch/tag')
  @HttpCode(200)
  tagChannels(@Body() body: ChannelBatchTagDto): Promise<number> {
    return this.tags.tagChannels(body.ids, body.tag);
  }

  @Put('tag')
  editTag(@Body() body: ChannelTagEditDto): Promise<number> {
    return this.tags.editTag(body);
  }

  @Post('tag/enabled')
  @HttpCode(200)
  enableTag(@Body() body: ChannelTagDto): Promise<number> {
    return this.tags.setTagStatus(body.tag, ChannelStatus.Enabled);
  }

  @Post('tag/disabled')
  @HttpCode(200)
  disableTag(@Body() body: ChannelTagDto): Promise<number> {
    return this.tags.setTagStatus(body.tag, ChannelStatus.ManuallyDisabled);
  }
}
