import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { type ChannelModelEntry, Role } from '@tollgate/contracts';
import { Roles } from '../../common/decorators/auth.decorators';
import { ChannelsService } from './channels.service';
import { ChannelIdsDto } from './dto/channel-batch.dto';

/** Operations over many channels, and the model catalogues of the channel form (administrators only). */
@Controller('api/channel')
@Roles(Role.Admin)
export class ChannelBulkController {
  constructor(private readonly channels: ChannelsService) {}

  /** Answers the number of deleted channels. */
  @Delete('disabled')
  removeDisabled(): Promise<number> {
    return this.channels.removeDisabled();
  }

  /** Answers the number of deleted channels. */
  @Post('batch')
  @HttpCode(200)
  removeMany(@Body() body: ChannelIdsDto): Promise<number> {
    return this.channels.removeMany(body.ids);
  }

  /** Rebuilds the abilities; answers the number of channels. */
  @Post('fix')
  @HttpCode(200)
  fix(): Promise<number> {
    return this.channels.fixAbilities();
  }

  @Get('models')
  async models(): Promise<ChannelModelEntry[]> {
    return (await this.channels.knownModels()).map((id) => ({ id }));
  }

  @Get('models_enabled')
  enabledModels(): Promise<string[]> {
    return this.channels.enabledModels();
  }
}
