import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type OpenAiModel, type OpenAiModelList } from '@tollgate/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { localeFrom } from '../../common/i18n/locale';
import { type RelayEndpoint } from './providers/provider';
import { CurrentRelayCaller, RelayAuthGuard } from './relay-auth.guard';
import { RelayModels } from './relay-models';
import { RelayService } from './relay.service';
import { requestIdOf } from './request-id';
import { RelayReply } from './stream-writer';
import { type RelayCaller } from './token-authenticator';
import { UpstreamFailure } from './upstream-failure';

/** The OpenAI-compatible API: token auth instead of sessions, OpenAI's shapes instead of the envelope. */
@Public()
@RawResponse()
@UseGuards(RelayAuthGuard)
@Controller('v1')
export class RelayController {
  constructor(
    private readonly models: RelayModels,
    private readonly relays: RelayService,
  ) {}

  @Get('models')
  listModels(@CurrentRelayCaller() caller: RelayCaller): OpenAiModelList {
    return this.models.list(caller);
  }

  @Get('models/:model')
  getModel(@CurrentRelayCaller() caller: RelayCaller, @Param('model') model: string): OpenAiModel {
    return this.models.get(caller, model);
  }

  @Post('chat/completions')
  @HttpCode(200)
  chat(
    @CurrentRelayCaller() caller: RelayCaller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    return this.relay('/v1/chat/completions', caller, body, req, res);
  }

  @Post('completions')
  @HttpCode(200)
  completions(
    @CurrentRelayCaller() caller: RelayCaller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    return this.relay('/v1/completions', caller, body, req, res);
  }

  @Post('embeddings')
  @HttpCode(200)
  embeddings(
    @CurrentRelayCaller() caller: RelayCaller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    return this.relay('/v1/embeddings', caller, body, req, res);
  }

  // Gateway refusals are thrown to the error filter; a provider's refusal is answered here in its own shape.
  private async relay(
    endpoint: RelayEndpoint,
    caller: RelayCaller,
    body: unknown,
    request: FastifyRequest,
    response: FastifyReply,
  ): Promise<void> {
    const requestId = requestIdOf(request, response);
    const reply = new RelayReply(response, requestId);
    try {
      await this.relays.relay(endpoint, caller, body, requestId, reply);
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      reply.sendError(error.status, error.answer(requestId, localeFrom(request.headers['accept-language'])));
    }
  }
}
