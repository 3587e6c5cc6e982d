import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type FastifyInstance } from 'fastify';
import { type ConsolePageAdditions, ConsolePageCache } from './console-page';

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
 * console route so the client router can render it (including its own not-found page). The page
 * carries the root's head HTML, CSS and JavaScript (`additions`, read from the options on each request).
 */
export async function registerConsoleStatic(
  fastify: FastifyInstance,
  webDistDir: string,
  additions: () => ConsolePageAdditions,
): Promise<void> {
  const assetsDir = join(webDistDir, 'assets');
  // Read once: the asset routes below are fixed at boot too, so a rebuilt console needs a restart anyway.
  const page = new ConsolePageCache(await readFile(join(webDistDir, 'index.html'), 'utf8'), additions);
  await fastify.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // /index.html itself is answered below, with the additions, like every console route.
    globIgnore: ['index.html'],
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
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html());
  });
}
