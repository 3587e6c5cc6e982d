import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { localeFrom } from '../../common/i18n/locale';
import { assertSetupAllows } from '../setup/setup.guard';
import { SetupService } from '../setup/setup.service';
import { authenticateRelayCall } from '../relay/auth/relay-auth.guard';
import { type TokenCaller, TokenAuthenticator } from '../relay/auth/token-authenticator';
import { openAiErrorAnswer } from '../relay/errors/openai-error';
import { requestIdOf } from '../relay/errors/request-id';
import { SunoRefusal } from './suno-upstream';
import { SunoService } from './suno.service';

/**
 * The Suno API (reference §1.1): POST /suno/submit/{action}, POST /suno/fetch {ids}, GET /suno/fetch/{id}, as
 * plain Fastify routes with the relay's checks (setup done, token). Answers and failures are in Suno's
 * `{ code, message, data }` shape.
 */
@Injectable()
export class SunoRoutes implements OnModuleInit {
  private readonly logger = new Logger(SunoRoutes.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly setup: SetupService,
    private readonly authenticator: TokenAuthenticator,
    private readonly suno: SunoService,
  ) {}

  onModuleInit(): void {
    // Worker replicas have no HTTP server.
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    fastify.post<{ Params: { action: string } }>('/suno/submit/:action', (request, reply) =>
      this.answer(request, reply, (caller) =>
        this.suno.submit({
          caller,
          action: request.params.action,
          body: request.body,
          requestId: requestIdOf(request, reply),
          ip: request.ip,
        }),
      ),
    );
    fastify.post('/suno/fetch', (request, reply) =>
      this.answer(request, reply, (caller) =>
        this.suno.fetch(caller, (request.body as { ids?: unknown } | null)?.ids),
      ),
    );
    fastify.get<{ Params: { id: string } }>('/suno/fetch/:id', (request, reply) =>
      this.answer(request, reply, (caller) => this.suno.fetchOne(caller, request.params.id)),
    );
  }

  private async answer(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (caller: TokenCaller) => Promise<unknown>,
  ): Promise<void> {
    try {
      assertSetupAllows(this.setup, request);
      const caller = await authenticateRelayCall(this.authenticator, request, reply);
      const data = await work(caller);
      void reply.status(200).send({ code: 'success', message: '', data });
    } catch (error) {
      if (error instanceof SunoRefusal) {
        void reply.status(error.status).send({ code: error.code, message: error.message, data: null });
        return;
      }
      const locale = localeFrom(request.headers['accept-language']);
      const { status, body } = openAiErrorAnswer(error, request, locale, requestIdOf(request, reply));
      if (status >= 500 && body.error.code === 'internal_error')
        this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      void reply.status(status).send({ code: body.error.code, message: body.error.message, data: null });
    }
  }
}
