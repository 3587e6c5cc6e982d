// The practical floor: the gateway's own stack (Fastify + an undici pool) forwarding chat calls to the
// upstream with no auth, billing, routing or logging. The gateway is measured against this.
import Fastify, { type FastifyInstance } from 'fastify';
import { Pool } from 'undici';
import { CHAT_PATH, UPSTREAM_KEY } from './targets';

// As the gateway's UpstreamClient: one keep-alive pool per upstream origin.
const CONNECTIONS = 1024;

export async function startBareProxy(upstreamOrigin: string, port: number): Promise<FastifyInstance> {
  const upstream = new Pool(upstreamOrigin, { connections: CONNECTIONS });
  const app = Fastify({ logger: false });
  // The body is forwarded untouched, so it is never parsed.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(CHAT_PATH, async (request, reply) => {
    const response = await upstream.request({
      path: CHAT_PATH,
      method: 'POST',
      headers: { authorization: `Bearer ${UPSTREAM_KEY}`, 'content-type': 'application/json' },
      body: request.body as Buffer,
    });
    const contentType = response.headers['content-type'];
    if (typeof contentType === 'string') void reply.header('content-type', contentType);
    return reply.code(response.statusCode).send(response.body);
  });
  app.addHook('onClose', () => upstream.close());
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}
