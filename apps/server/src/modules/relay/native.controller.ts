import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { answerRelayCall } from './relay-call';
import { CurrentRelayCaller, RelayAuthGuard } from './relay-auth.guard';
import { relayError } from './relay-errors';
import { RelayModels } from './relay-models';
import { RelayService } from './relay.service';
import { type RelayCaller, type TokenCaller } from './token-authenticator';

// Gemini names the call in the last path segment: `{model}:{method}`.
const GEMINI_METHODS: Record<string, boolean> = { generateContent: false, streamGenerateContent: true };

/**
 * The providers' own APIs (reference §1.1): Anthropic Messages and Gemini generateContent, routed to any
 * channel like an OpenAI chat call and answered in the caller's protocol, errors included.
 */
@Public()
@RawResponse()
@UseGuards(RelayAuthGuard)
@Controller()
export class NativeRelayController {
  constructor(
    private readonly relays: RelayService,
    private readonly models: RelayModels,
  ) {}

  @Post('v1/messages')
  @HttpCode(200)
  messages(
    @CurrentRelayCaller() caller: RelayCaller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    const target = { protocol: 'claude' as const, path: '/v1/messages' };
    return answerRelayCall(this.relays, { target, caller, body }, req, res);
  }

  @Post('v1beta/models/:call')
  @HttpCode(200)
  generateContent(
    @CurrentRelayCaller() caller: RelayCaller,
    @Param('call') call: string,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    const split = call.lastIndexOf(':');
    const method = split < 0 ? '' : call.slice(split + 1);
    if (!Object.hasOwn(GEMINI_METHODS, method)) {
      throw relayError('invalid_url', { method: 'POST', path: req.url.split('?')[0] });
    }
    const target = {
      protocol: 'gemini' as const,
      path: `/v1beta/models/{model}:${method}`,
      model: decodeURIComponent(call.slice(0, split)),
      stream: GEMINI_METHODS[method],
    };
    return answerRelayCall(this.relays, { target, caller, body }, req, res);
  }

  /** Gemini's model list shape, for clients that list before they call. */
  @Get('v1beta/models')
  listGeminiModels(@CurrentRelayCaller() caller: TokenCaller) {
    const models = this.models.list(caller).data.map((model) => ({
      name: `models/${model.id}`,
      displayName: model.id,
      supportedGenerationMethods: Object.keys(GEMINI_METHODS),
    }));
    return { models };
  }
}
