import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { GatewayMetrics } from '../../infra/metrics/gateway-metrics';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { assertSetupAllows } from '../setup/setup.guard';
import { SetupService } from '../setup/setup.service';
import { OptionsService } from '../options/options.service';
import { type RelayEndpoint } from './protocols/protocol';
import { authenticateRelayCall } from './auth/relay-auth.guard';
import { answerRelayCall } from './relay-call';
import { relayError } from './errors/relay-errors';
import { relayErrorStatus } from './errors/openai-error';
import { RelayService, type RelayTarget } from './relay.service';
import { uploadOf } from './requests/multipart';
import { geminiPromptTokens } from './requests/native-requests';
import { type TokenCaller, TokenAuthenticator } from './auth/token-authenticator';

const JSON_ENDPOINTS: readonly RelayEndpoint[] = [
  '/v1/chat/completions',
  '/v1/completions',
  '/v1/embeddings',
  '/v1/moderations',
  '/v1/images/generations',
  '/v1/audio/speech',
  '/v1/responses',
];

// Multipart uploads arrive as raw bytes (MultipartBodyParser) and are parsed here.
const UPLOAD_ENDPOINTS: readonly RelayEndpoint[] = ['/v1/audio/transcriptions', '/v1/audio/translations'];

// Gemini names the call in the last path segment: `{model}:{method}`. Generation: whether it streams;
// embeddings: one content or a batch.
const GEMINI_GENERATE: Record<string, boolean> = { generateContent: false, streamGenerateContent: true };
const GEMINI_EMBED: Record<string, 'one' | 'batch'> = { embedContent: 'one', batchEmbedContents: 'batch' };
/** The methods Gemini model lists announce: generation and embeddings relayed, token counts answered here. */
export const GEMINI_METHODS = [...Object.keys(GEMINI_GENERATE), ...Object.keys(GEMINI_EMBED), 'countTokens'];

/**
 * The token-authenticated relay calls (OpenAI endpoints, Anthropic Messages, Gemini's model methods) as plain
 * Fastify routes. Nest's per-request machinery (guards, pipes, interceptors, the observable chain) cost about
 * a third of the relay's CPU per call; these routes make the same checks in the same order with the guards'
 * own functions: setup done (SetupGuard), token (RelayAuthGuard), then the call. Whatever they throw reaches
 * the global exception filter through the error handler Nest installs on Fastify, so failures keep the
 * caller's protocol shape.
 */
@Injectable()
export class RelayRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly setup: SetupService,
    private readonly authenticator: TokenAuthenticator,
    private readonly relays: RelayService,
    private readonly metrics: GatewayMetrics,
    private readonly options: OptionsService,
  ) {}

  onModuleInit(): void {
    // Worker replicas have no HTTP server.
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    for (const endpoint of JSON_ENDPOINTS) {
      fastify.post(endpoint, (request, reply) => this.serve(endpoint, request.body, request, reply));
    }
    for (const endpoint of UPLOAD_ENDPOINTS) {
      fastify.post(endpoint, async (request, reply) => {
        assertSetupAllows(this.setup, request);
        const upload = await uploadOf(request.body, request.headers['content-type']);
        return this.serve(endpoint, upload, request, reply);
      });
    }
    fastify.post('/v1/messages', (request, reply) =>
      this.serve({ protocol: 'claude', path: '/v1/messages' }, request.body, request, reply),
    );
    fastify.post<{ Params: { call: string } }>('/v1beta/models/:call', async (request, reply) => {
      const { model, method } = geminiCall(request);
      if (method === 'countTokens') return this.countTokens(model, request, reply);
      const target = {
        protocol: 'gemini' as const,
        path: `/v1beta/models/{model}:${method}`,
        model,
        stream: GEMINI_GENERATE[method] ?? false,
        jsonArray: (request.query as { alt?: unknown }).alt !== 'sse',
        embeddings: GEMINI_EMBED[method],
      };
      return this.serve(target, request.body, request, reply);
    });
  }

  private async serve(
    target: RelayTarget,
    body: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    let caller: TokenCaller;
    try {
      caller = await this.authenticated(request, reply);
    } catch (error) {
      // Refused before the relay (setup, key): counted here, without model or channel.
      this.metrics.relayRefused(typeof target === 'string' ? target : target.path, relayErrorStatus(error));
      throw error;
    }
    const bodyBytes = request.rawJsonBody?.length ?? (Number(request.headers['content-length']) || 0);
    const passThroughBody = this.passThroughBody(request);
    await answerRelayCall(this.relays, { target, caller, body, passThroughBody, bodyBytes }, request, reply);
  }

  /** The caller's JSON bytes when global.pass_through_request_enabled sends them on; otherwise let go at once. */
  private passThroughBody(request: FastifyRequest): Buffer | null {
    const raw = request.rawJsonBody;
    if (raw === null) return null;
    request.rawJsonBody = null;
    return this.options.getBoolean('global.pass_through_request_enabled') ? raw : null;
  }

  private authenticated(request: FastifyRequest, reply: FastifyReply): Promise<TokenCaller> {
    assertSetupAllows(this.setup, request);
    return authenticateRelayCall(this.authenticator, request, reply);
  }

  private async countTokens(
    model: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ totalTokens: number }> {
    const caller = await this.authenticated(request, reply);
    this.authenticator.checkModel(caller, model);
    return { totalTokens: geminiPromptTokens(model, request.body) };
  }
}

function geminiCall(request: FastifyRequest<{ Params: { call: string } }>): {
  model: string;
  method: string;
} {
  const call = request.params.call;
  const split = call.lastIndexOf(':');
  const method = split < 0 ? '' : call.slice(split + 1);
  if (!GEMINI_METHODS.includes(method)) {
    throw relayError('invalid_url', { method: 'POST', path: request.url.split('?')[0] });
  }
  return { model: decodeURIComponent(call.slice(0, split)), method };
}
