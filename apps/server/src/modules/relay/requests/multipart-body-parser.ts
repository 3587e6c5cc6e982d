import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type FastifyInstance } from 'fastify';

/**
 * Lets multipart/form-data bodies (audio uploads) reach the relay as the raw Buffer; the transcription
 * route parses them itself (MultipartUpload). Without it Fastify refuses them with 415.
 */
@Injectable()
export class MultipartBodyParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // Worker replicas run without an HTTP server.
    const adapter = this.adapterHost.httpAdapter as typeof this.adapterHost.httpAdapter | undefined;
    if (!adapter) return;
    const fastify = adapter.getInstance<FastifyInstance>();
    if (fastify.hasContentTypeParser('multipart/form-data')) return;
    fastify.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
  }
}
