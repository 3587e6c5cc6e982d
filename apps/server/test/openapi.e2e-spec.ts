import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import { API_DOCS_PATH } from '../src/infra/api-docs/api-docs';
import { BACKENDS, startTestApp, type TestApp } from './support/test-app';

interface Route {
  method: string;
  path: string;
}

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
  security?: unknown[];
  'x-min-role'?: number;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, Record<string, unknown>>; required?: string[] }>;
  };
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/**
 * Every route Fastify's router holds, read from its own listing (`printRoutes`, one full path per node): each
 * line is a node below its parent, "(GET, HEAD)" naming the methods of a node that is a route.
 */
function registeredRoutes(fastify: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    stack.length = node[1].length / 4;
    stack.push(node[2]);
    for (const method of (node[3] ?? '').split(', ').filter((name) => METHODS.includes(name)))
      routes.push({ method, path: stack.join('') });
  }
  return routes;
}

/** Fastify's `/api/token/:id` as OpenAPI writes it, without a trailing slash (the router ignores it). */
const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

describe.each(BACKENDS)('OpenAPI document of the console API (%s)', (backend) => {
  let t: TestApp;
  let document: OpenApiDocument;
  let consoleRoutes: Route[];

  beforeAll(async () => {
    // A built console, so the documentation is shown to live beside its fallback page.
    const webDistDir = mkdtempSync(join(tmpdir(), 'tollgate-web-'));
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><div id="root">console</div>');
    t = await startTestApp(backend, { webDistDir });
    const answer = await t.http().get(`${API_DOCS_PATH}/json`);
    expect(answer.status).toBe(200);
    document = answer.body as OpenApiDocument;
    const fastify: FastifyInstance = t.app.getHttpAdapter().getInstance();
    consoleRoutes = registeredRoutes(fastify).filter(
      (route) =>
        (route.path === '/api' || route.path.startsWith('/api/')) && !route.path.startsWith(API_DOCS_PATH),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('documents every route the router holds under /api', () => {
    // The listing was read: a broken parser would find nothing and miss nothing.
    expect(consoleRoutes.length).toBeGreaterThan(50);
    expect(consoleRoutes).toContainEqual({ method: 'PUT', path: '/api/token' });
    const missing = consoleRoutes
      .filter((route) => !document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('describes request bodies and queries from the DTOs, and answers as the envelope', () => {
    expect(document.openapi).toMatch(/^3\./);
    const create = document.paths['/api/token'].post;
    expect(create.requestBody?.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/CreateTokenDto',
    );
    const fields = document.components.schemas.CreateTokenDto;
    // From TokenFieldsDto's rules (inherited) and CreateTokenDto's own.
    expect(fields.properties?.name).toMatchObject({ type: 'string', maxLength: 200 });
    expect(fields.properties?.unlimited_quota).toMatchObject({ type: 'boolean' });
    expect(fields.properties?.quantity).toMatchObject({ type: 'integer' });
    expect(fields.required ?? []).not.toContain('name');
    const update = document.components.schemas.UpdateTokenDto;
    expect(update.required).toContain('id');
    expect(update.properties?.id).toMatchObject({ type: 'integer', minimum: 1 });
    const search = document.paths['/api/token/search'].get;
    expect(search.parameters?.find((parameter) => parameter.name === 'keyword')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', maxLength: 100 },
    });
    const byId = document.paths['/api/token/{id}'].get;
    expect(byId.parameters?.find((parameter) => parameter.name === 'id')).toMatchObject({ in: 'path' });
    expect(byId.responses['200'].content?.['application/json'].schema.$ref).toBe(
      '#/components/schemas/Envelope',
    );
  });

  it('says which operations are public and which role the others need', () => {
    expect(document.paths['/api/status'].get.security).toEqual([]);
    expect(document.paths['/api/token'].get.security).toEqual([{ cookie: [] }, { 'access-token': [] }]);
    const adminUsers = document.paths['/api/user'].get;
    expect(adminUsers['x-min-role']).toBe(10);
  });

  it('serves Swagger UI beside the document, outside the console fallback', async () => {
    const page = await t.http().get(API_DOCS_PATH);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('swagger-ui');
    const script = await t.http().get(`${API_DOCS_PATH}/swagger-ui-init.js`);
    expect(script.status).toBe(200);
    expect(script.text).toContain('Tollgate console API');
    const bundle = await t.http().get(`${API_DOCS_PATH}/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    // The console's own pages still fall back to index.html; unknown API paths still answer the API's 404.
    expect((await t.http().get('/console/settings')).text).toContain('console');
    const unknown = await t.http().get('/api/docs-nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain('console');
  });
});
