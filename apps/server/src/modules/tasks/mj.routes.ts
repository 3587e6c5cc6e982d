import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { localeFrom } from '../../common/i18n/locale';
import { assertSetupAllows } from '../setup/setup.guard';
import { SetupService } from '../setup/setup.service';
import { authenticateRelayCall } from '../relay/auth/relay-auth.guard';
import { type TokenCaller, TokenAuthenticator } from '../relay/auth/token-authenticator';
import { openAiErrorAnswer } from '../relay/errors/openai-error';
import { relayError } from '../relay/errors/relay-errors';
import { requestIdOf } from '../relay/errors/request-id';
import { UpstreamClient } from '../relay/upstream/upstream-client';
import { MJ_SUBMIT_KINDS, SWAP_FACE } from './mj-submits';
import { type MjNotifyAddress, MjNotifyService } from './mj-notify.service';
import { MjUnreachable } from './mj-upstream';
import { upstreamImageUrlOf } from './mj-tasks';
import { MjService } from './mj.service';

// Reference §1.1: `/mj/…`, also behind a mode segment (`/fast/mj/…`) or an `/mj-fast` style prefix.
const MODES = new Set(['fast', 'turbo', 'relax', 'mj-fast', 'mj-turbo', 'mj-relax']);
// Code 4: the gateway refused (validation, quota, no channel), as Midjourney proxies number it.
const REFUSED_CODE = 4;
// A pushed task is a few KB (its buttons and properties); the relay's 64 MB is for images.
const NOTIFY_BODY_LIMIT = 1024 * 1024;

type ModeParams = { mode?: string };

/**
 * The Midjourney proxy routes (the submit kinds, face swap, uploads, fetch one, image seed, list by condition, the
 * image proxy, the notify callback) as plain Fastify routes with the relay's checks; answers and refusals in the
 * proxy's `{code, description, result}` shape.
 */
@Injectable()
export class MjRoutes implements OnModuleInit {
  private readonly logger = new Logger(MjRoutes.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly setup: SetupService,
    private readonly authenticator: TokenAuthenticator,
    private readonly mj: MjService,
    private readonly notify: MjNotifyService,
    private readonly client: UpstreamClient,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    for (const prefix of ['/mj', '/:mode/mj']) {
      for (const kind of [...MJ_SUBMIT_KINDS, SWAP_FACE] as const) {
        const path = kind === SWAP_FACE ? '/insight-face/swap' : `/submit/${kind}`;
        fastify.post<{ Params: ModeParams }>(`${prefix}${path}`, (request, reply) =>
          this.answer(request, reply, (caller) =>
            this.mj.submit(kind, {
              caller,
              body: request.body,
              requestId: requestIdOf(request, reply),
              ip: request.ip,
            }),
          ),
        );
      }
      fastify.post<{ Params: ModeParams }>(`${prefix}/submit/upload-discord-images`, (request, reply) =>
        this.answer(request, reply, (caller) =>
          this.mj.upload({
            caller,
            body: request.body,
            requestId: requestIdOf(request, reply),
            ip: request.ip,
          }),
        ),
      );
      fastify.get<{ Params: ModeParams & { id: string } }>(`${prefix}/task/:id/fetch`, (request, reply) =>
        this.answer(request, reply, (caller) => this.mj.fetchOne(caller, request.params.id)),
      );
      fastify.get<{ Params: ModeParams & { id: string } }>(
        `${prefix}/task/:id/image-seed`,
        (request, reply) =>
          this.answer(request, reply, (caller) => this.mj.imageSeed(caller, request.params.id)),
      );
      // No token: the proxy calls the hook it was given, whose signature is the credential.
      fastify.post<{ Params: ModeParams; Querystring: MjNotifyAddress }>(
        `${prefix}/notify`,
        { bodyLimit: NOTIFY_BODY_LIMIT },
        (request, reply) => this.notified(request, reply),
      );
      fastify.post<{ Params: ModeParams }>(`${prefix}/task/list-by-condition`, (request, reply) =>
        this.answer(request, reply, (caller) =>
          this.mj.list(caller, (request.body as { ids?: unknown } | null)?.ids),
        ),
      );
      fastify.get<{ Params: ModeParams & { id: string } }>(`${prefix}/image/:id`, (request, reply) =>
        this.image(request, reply),
      );
    }
  }

  private async answer(
    request: FastifyRequest<{ Params: ModeParams }>,
    reply: FastifyReply,
    work: (caller: TokenCaller) => Promise<unknown>,
  ): Promise<void> {
    try {
      this.assertMode(request);
      assertSetupAllows(this.setup, request);
      const caller = await authenticateRelayCall(this.authenticator, request, reply);
      void reply.status(200).send(await work(caller));
    } catch (error) {
      this.refuse(request, reply, error);
    }
  }

  private async notified(
    request: FastifyRequest<{ Params: ModeParams; Querystring: MjNotifyAddress }>,
    reply: FastifyReply,
  ): Promise<void> {
    try {
      this.assertMode(request);
      assertSetupAllows(this.setup, request);
      void reply.status(200).send(await this.notify.accept(request.query, request.body));
    } catch (error) {
      this.refuse(request, reply, error);
    }
  }

  // No auth (reference §1.1): image links are handed around; the task id is the secret.
  private async image(request: FastifyRequest<{ Params: ModeParams & { id: string } }>, reply: FastifyReply) {
    try {
      this.assertMode(request);
      const task = await this.mj.findForImage(request.params.id);
      const url = task ? upstreamImageUrlOf(task) : '';
      if (url === '') throw relayError('invalid_url', { method: 'GET', path: request.url.split('?')[0] });
      const upstream = await this.client.request({ url, method: 'GET', headers: {} });
      if (upstream.status !== 200) {
        upstream.body.destroy();
        throw new MjUnreachable(502, `the image answered ${upstream.status}`);
      }
      // Read whole (an image of a few MB): Fastify then answers with its length.
      const bytes = Buffer.from(await upstream.body.arrayBuffer());
      void reply
        .status(200)
        .header('content-type', upstream.headers['content-type'] ?? 'application/octet-stream')
        .send(bytes);
    } catch (error) {
      this.refuse(request, reply, error);
    }
  }

  private assertMode(request: FastifyRequest<{ Params: ModeParams }>): void {
    const mode = request.params.mode;
    if (mode !== undefined && !MODES.has(mode))
      throw relayError('invalid_url', { method: request.method, path: request.url.split('?')[0] });
  }

  private refuse(request: FastifyRequest, reply: FastifyReply, error: unknown): void {
    if (error instanceof MjUnreachable) {
      void reply.status(error.status).send({ code: REFUSED_CODE, description: error.message, result: '' });
      return;
    }
    const locale = localeFrom(request.headers['accept-language']);
    const { status, body } = openAiErrorAnswer(error, request, locale, requestIdOf(request, reply));
    if (status >= 500 && body.error.code === 'internal_error')
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    void reply.status(status).send({ code: REFUSED_CODE, description: body.error.message, result: '' });
  }
}
