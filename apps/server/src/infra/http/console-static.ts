import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type FastifyInstance } from 'fastify';

/**
 * Paths that belong to the API and protocols: they never fall back to the console page. /metrics is served on
 * METRICS_PORT only; a scrape of the public port gets a 404, not the console page.
 */
const API_PREFIXES = [
  '/api',
  '/v1',
  '/v1beta',
  '/pg',
  '/mj',
  '/suno',
  '/dashboard',
  '/healthz',
  '/readyz',
  '/metrics',
];

const isApiPath = (path: string): boolean =>
  API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * Serves the built console: hashed assets with a long cache, and index.html for every other
 * console route so the client router can render it (including its own not-found page).
 */
export async function registerConsoleStatic(fastify: FastifyInstance, webDistDir: string): Promise<void> {
  const assetsDir = join(webDistDir, 'assets');
  await fastify.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    setHeaders: (reply, path) => {
      void reply.header(
        'cache-control',
        path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0];
    if (isApiPath(path)) {
      return reply.status(404).send({ success: false, message: `Invalid URL (${request.method} ${path})` });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
