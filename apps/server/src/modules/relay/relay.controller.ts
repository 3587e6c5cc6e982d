import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { type OpenAiModel, type OpenAiModelList } from '@tollgate/contracts';
import { Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { CurrentRelayCaller, RelayAuthGuard } from './relay-auth.guard';
import { RelayModels } from './relay-models';
import { type RelayCaller } from './token-authenticator';

/** The OpenAI-compatible API: token auth instead of sessions, OpenAI's shapes instead of the envelope. */
@Public()
@RawResponse()
@UseGuards(RelayAuthGuard)
@Controller('v1')
export class RelayController {
  constructor(private readonly models: RelayModels) {}

  @Get('models')
  listModels(@CurrentRelayCaller() caller: RelayCaller): OpenAiModelList {
    return this.models.list(caller);
  }

  @Get('models/:model')
  getModel(@CurrentRelayCaller() caller: RelayCaller, @Param('model') model: string): OpenAiModel {
    return this.models.get(caller, model);
  }
}
