import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { USER_ID_HEADER } from '@tollgate/contracts';
import { SESSION_COOKIE } from '../../modules/auth/session.service';
import { describeValidatedClasses } from './validation-schemas';

/** Swagger UI here, the document at `${API_DOCS_PATH}/json`. */
export const API_DOCS_PATH = '/api/docs';
/** Set by @RawResponse(): the answer is not the envelope. */
export const RAW_RESPONSE_EXTENSION = 'x-raw-response';
/** Set by @Public(): no session needed. */
export const PUBLIC_EXTENSION = 'x-public';

const DESCRIPTION = `The console's API, for operators who automate their gateway. Every answer is the envelope
\`{success, message, data}\`: a business failure is HTTP 200 with \`success: false\` and a message in the
caller's language (\`Accept-Language\`: zh or en); no session is 401, too low a role 403 (\`x-min-role\` names the
role an operation needs beyond signing in: 10 admin, 100 root), throttled 429. Sign in with \`POST /api/user/login\` (a
session cookie), or send a system access token (\`Authorization: <token>\`, generated in the console's personal
settings); either way also send \`${USER_ID_HEADER}: <your user id>\`. Lists take \`p\` (from 1) and \`page_size\`.
The relay (\`/v1\`, \`/v1beta\`) speaks the providers' own protocols and is documented by them.`;

const ENVELOPE = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string', description: 'Empty on success; the localised reason otherwise' },
    data: { description: "The operation's result" },
  },
};

/**
 * The OpenAPI document of the console API, built by @nestjs/swagger from the controllers (routes, parameters,
 * DTO classes) with the DTOs' class-validator rules as their schemas; built on its first request, not at boot.
 * Routes are served as plain Fastify routes, outside the envelope and the auth guard: the document holds no data.
 */
export function registerApiDocs(app: NestFastifyApplication, version: string): void {
  SwaggerModule.setup(API_DOCS_PATH, app, () => buildApiDocument(app, version), {
    jsonDocumentUrl: `${API_DOCS_PATH}/json`,
    raw: ['json'],
    customSiteTitle: 'Tollgate API',
  });
}

function buildApiDocument(app: NestFastifyApplication, version: string): OpenAPIObject {
  describeValidatedClasses();
  const config = new DocumentBuilder()
    .setTitle('Tollgate console API')
    .setVersion(version)
    .setDescription(DESCRIPTION)
    .addCookieAuth(SESSION_COOKIE)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization' }, 'access-token')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.paths = Object.fromEntries(
    Object.entries(document.paths).filter(([path]) => path === '/api' || path.startsWith('/api/')),
  );
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, Envelope: ENVELOPE },
  };
  for (const item of Object.values(document.paths))
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch]) {
      if (!operation) continue;
      const extensions = operation as unknown as Record<string, unknown>;
      if (extensions[PUBLIC_EXTENSION]) operation.security = [];
      else operation.security = [{ cookie: [] }, { 'access-token': [] }];
      if (!extensions[RAW_RESPONSE_EXTENSION])
        for (const [status, response] of Object.entries(operation.responses))
          if (response && status.startsWith('2') && !('$ref' in response))
            response.content = { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } };
      delete extensions[PUBLIC_EXTENSION];
      delete extensions[RAW_RESPONSE_EXTENSION];
    }
  return document;
}
