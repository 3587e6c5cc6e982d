import {
  All,
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { type OpenAiModel, type OpenAiModelList } from '@tollgate/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/auth.decorators';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { type RelayEndpoint } from './providers/provider';
import { CurrentRelayCaller, RelayAuthGuard } from './relay-auth.guard';
import { answerRelayCall } from './relay-call';
import { type AnthropicModelList, RelayModels, toAnthropicList } from './relay-models';
import { RelayService } from './relay.service';
import { relayError } from './relay-errors';
import { uploadOf } from './requests/multipart';
import { type RelayCaller, type TokenCaller } from './token-authenticator';

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

  @Post('moderations')
  @HttpCode(200)
  moderations(
    @CurrentRelayCaller() caller: RelayCaller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    return this.relay('/v1/moderations', caller, body, req, res);
  }

  @Post('images/generations')
  @HttpCode(200)
  images(
    @CurrentRelayCaller() caller: RelayCaller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    return this.relay('/v1/images/generations', caller, body, req, res);
  }

  @Post('audio/speech')
  @HttpCode(200)
  speech(
    @CurrentRelayCaller() caller: RelayCaller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    return this.relay('/v1/audio/speech', caller, body, req, res);
  }

  // Multipart uploads arrive as raw bytes (MultipartBodyParser) and are parsed here.
  @Post('audio/transcriptions')
  @HttpCode(200)
  async transcriptions(
    @CurrentRelayCaller() caller: RelayCaller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    const upload = await uploadOf(body, req.headers['content-type']);
    return this.relay('/v1/audio/transcriptions', caller, upload, req, res);
  }

  @Post('audio/translations')
  @HttpCode(200)
  async translations(
    @CurrentRelayCaller() caller: RelayCaller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    const upload = await uploadOf(body, req.headers['content-type']);
    return this.relay('/v1/audio/translations', caller, upload, req, res);
  }

  @Post('responses')
  @HttpCode(200)
  responses(
    @CurrentRelayCaller() caller: RelayCaller,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    return this.relay('/v1/responses', caller, body, req, res);
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

  private relay(
    endpoint: RelayEndpoint,
    caller: RelayCaller,
    body: unknown,
    request: FastifyRequest,
    response: FastifyReply,
  ): Promise<void> {
    return answerRelayCall(this.relays, { target: endpoint, caller, body }, request, response);
  }
}
