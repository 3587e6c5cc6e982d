import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { type ChannelAddAnswer, type ChannelListAnswer, type ChannelView, Role } from '@tollgate/contracts';
import { Roles } from '../../common/decorators/auth.decorators';
import { pageWindow } from '../../common/http/pagination';
import { IdParamDto } from '../../common/validation/id-param.dto';
import { toChannelList, toChannelView } from './channels.mapper';
import { ChannelsService } from './channels.service';
import { ChannelAddDto, ChannelUpdateDto } from './dto/channel-form.dto';
import { ChannelCopyQueryDto, ChannelListQueryDto, ChannelSearchQueryDto } from './dto/channel-query.dto';

// What peers name a copy when the caller does not say.
const DEFAULT_COPY_SUFFIX = '_复制';

const listView = (query: ChannelListQueryDto) => ({
  idSort: query.id_sort,
  tagMode: query.tag_mode,
  ...pageWindow(query),
});

/** One channel at a time, and the channel list (spec 001 §7 Channels; administrators only). */
@Controller('api/channel')
@Roles(Role.Admin)
export class ChannelsController {
  constructor(private readonly channels: ChannelsService) {}

  @Get()
  async list(@Query() query: ChannelListQueryDto): Promise<ChannelListAnswer> {
    return toChannelList(await this.channels.list({ type: query.type }, listView(query)), query);
  }

  @Get('search')
  async search(@Query() query: ChannelSearchQueryDto): Promise<ChannelListAnswer> {
    const { keyword, group, model, type } = query;
    return toChannelList(await this.channels.list({ keyword, group, model, type }, listView(query)), query);
  }

  @Get(':id')
  async get(@Param() params: IdParamDto): Promise<ChannelView> {
    return toChannelView(await this.channels.get(params.id));
  }

  @Post()
  @HttpCode(200)
  async create(@Body() body: ChannelAddDto): Promise<ChannelAddAnswer> {
    const ids = await this.channels.create({
      mode: body.mode ?? 'single',
      multiKeyMode: body.multi_key_mode ?? 'random',
      form: body.channel ?? body,
    });
    return { ids };
  }

  /** A new channel with every setting of the original, its sealed key included: the key never leaves the server. */
  @Post('copy/:id')
  @HttpCode(200)
  async copy(@Param() params: IdParamDto, @Query() query: ChannelCopyQueryDto): Promise<ChannelView> {
    return toChannelView(await this.channels.copy(params.id, query.suffix ?? DEFAULT_COPY_SUFFIX));
  }

  @Put()
  async update(@Body() body: ChannelUpdateDto): Promise<ChannelView> {
    return toChannelView(await this.channels.update(body));
  }

  @Delete(':id')
  async remove(@Param() params: IdParamDto): Promise<void> {
    await this.channels.remove(params.id);
  }
}
