import { All, Controller, Delete, Get, Headers, Param, UseGuards } from '@nestjs/common';
import { type OpenAiModel, type OpenAiModelList } from '@tollgate/contracts';
import { Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { CurrentRelayCaller, RelayAuthGuard } from './auth/relay-auth.guard';
import { type AnthropicModelList, RelayModels, toAnthropicList } from './relay-models';
import { relayError } from './errors/relay-errors';
import { type TokenCaller } from './auth/token-authenticator';

/**
 * The OpenAI-compatible API besides the relayed calls themselves (RelayRoutes): model lists and the endpoints
 * the gateway knows but does not relay. Token auth instead of sessions, OpenAI's shapes instead of the envelope.
 */
@Public()
@RawResponse()
@UseGuards(RelayAuthGuard)
@Controller('v1')
export class RelayController {
  constructor(private readonly models: RelayModels) {}

  // Anthropic SDKs send anthropic-version and read their own list shape (reference §1.1, later gateways).
  @Get('models')
  listModels(
    @CurrentRelayCaller() caller: TokenCaller,
    @Headers('anthropic-version') anthropicVersion?: string,
  ): OpenAiModelList | AnthropicModelList {
    const list = this.models.list(caller);
    return anthropicVersion ? toAnthropicList(list) : list;
  }

  @Get('models/:model')
  getModel(@CurrentRelayCaller() caller: TokenCaller, @Param('model') model: string): OpenAiModel {
    return this.models.get(caller, model);
  }

  // Reference §1.1: OpenAI endpoints the gateway knows but does not relay.
  @All(['files', 'files/*', 'fine-tunes', 'fine-tunes/*', 'images/variations', 'images/edits'])
  notImplemented(): never {
    throw relayError('api_not_implemented');
  }

  @Delete('models/:model')
  deleteModel(): never {
    throw relayError('api_not_implemented');
  }
}
