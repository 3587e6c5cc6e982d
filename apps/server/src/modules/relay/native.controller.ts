import { Controller, Get, UseGuards } from '@nestjs/common';
import { Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { CurrentRelayCaller, RelayAuthGuard } from './auth/relay-auth.guard';
import { RelayModels } from './relay-models';
import { GEMINI_METHODS } from './relay-routes';
import { type TokenCaller } from './auth/token-authenticator';

/**
 * The providers' own APIs (reference §1.1) besides their calls, which are RelayRoutes: Gemini's model list.
 */
@Public()
@RawResponse()
@UseGuards(RelayAuthGuard)
@Controller()
export class NativeRelayController {
  constructor(private readonly models: RelayModels) {}

  /** Gemini's model list shape, for clients that list before they call. */
  @Get('v1beta/models')
  listGeminiModels(@CurrentRelayCaller() caller: TokenCaller) {
    const models = this.models.list(caller).data.map((model) => ({
      name: `models/${model.id}`,
      displayName: model.id,
      supportedGenerationMethods: GEMINI_METHODS,
    }));
    return { models };
  }
}
