import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type FastifyInstance } from 'fastify';

const FORM = 'application/x-www-form-urlencoded';
// A callback form is a dozen short fields.
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Lets easy-pay post its callback as a form. A repeated field becomes an array (the callback refuses it).
 * Form posts reach no other route usefully: console calls need the New-Api-User header a form cannot send,
 * and the session cookie is SameSite=Lax.
 */
@Injectable()
export class FormBodyParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // Worker replicas run without an HTTP server.
    const adapter = this.adapterHost.httpAdapter as typeof this.adapterHost.httpAdapter | undefined;
    if (!adapter) return;
    const fastify = adapter.getInstance<FastifyInstance>();
    if (fastify.hasContentTypeParser(FORM)) return;
    fastify.addContentTypeParser(
      FORM,
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        const fields: Record<string, string | string[]> = {};
        for (const [name, value] of new URLSearchParams(body as string)) {
          const seen = fields[name];
          fields[name] = seen === undefined ? value : ([] as string[]).concat(seen, value);
        }
        done(null, fields);
      },
    );
  }
}
