// Vertex AI: the OAuth token endpoint (POST /token) and the publisher model routes
// /{v1,v1beta1}/projects/{project}/locations/{region}/publishers/{google|anthropic}/models/{model}:{method}.
import { anthropicError } from './anthropic-dialect';
import { sendClaude } from './anthropic';
import { claudeAnswer } from './claude-answer';
import { readClaudeRequest } from './claude-request';
import { type MockContext } from './context';
import { headerText, sendRefusal, type Dialect } from './dialect';
import { googleError } from './gemini-dialect';
import { sendJson } from './reply';

export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const UNAUTHENTICATED =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

// Model routes take `Authorization: Bearer <token issued by POST /token, unexpired>`.
export const VERTEX_DIALECT: Dialect = {
  authenticate(req, state) {
    const auth = headerText(req.headers, 'authorization') ?? '';
    const issued = auth.startsWith('Bearer ') ? state.vertex.lookup(auth.slice(7).trim()) : null;
    if (issued === null) return googleError(401, UNAUTHENTICATED);
    const project = /^\/[^/]+\/projects\/([^/]+)\//.exec(req.path)?.[1];
    if (
      issued.projectId !== undefined &&
      project !== undefined &&
      decodeURIComponent(project) !== issued.projectId
    )
      return googleError(
        403,
        `Permission 'aiplatform.endpoints.predict' denied on resource (or it may not exist).`,
      );
    return null;
  },
  invalidRequest: (message) => googleError(400, message),
  statusError: (status) => googleError(status),
};

function oauthError(status: number, error: string, description: string) {
  return { status, body: { error, error_description: description } };
}

// The token endpoint authenticates by the assertion itself.
export const TOKEN_DIALECT: Dialect = {
  authenticate: () => null,
  invalidRequest: (message) => oauthError(400, 'invalid_request', message),
  statusError: (status) =>
    oauthError(
      status,
      status >= 500 ? 'internal_failure' : 'invalid_request',
      `Mock upstream error ${status}.`,
    ),
};

// OAuth2 JWT bearer grant (form-encoded grant_type + assertion) → {access_token, expires_in, token_type}.
export function token(ctx: MockContext): void {
  const { grant_type: grantType, assertion } = ctx.body;
  if (grantType !== JWT_BEARER)
    return sendRefusal(
      ctx.res,
      oauthError(
        400,
        'unsupported_grant_type',
        `Invalid grant_type: ${typeof grantType === 'string' ? grantType : ''}`,
      ),
      ctx.behaviour,
    );
  if (typeof assertion !== 'string' || assertion === '')
    return sendRefusal(
      ctx.res,
      oauthError(400, 'invalid_request', 'Missing required parameter: assertion'),
      ctx.behaviour,
    );
  // The JWT's aud must be this endpoint, as the key file's token_uri names it.
  const audience = `http://${headerText(ctx.headers, 'host') ?? ''}/token`;
  const result = ctx.state.vertex.exchange(assertion, audience);
  if (!result.ok)
    return sendRefusal(ctx.res, oauthError(400, result.error, result.description), ctx.behaviour);
  sendJson(
    ctx.res,
    200,
    { access_token: result.accessToken, expires_in: result.expiresIn, token_type: 'Bearer' },
    ctx.behaviour,
  );
}

// Claude on Vertex: an Anthropic Messages body without `model` (the URL names it), with anthropic_version.
export function rawPredict(ctx: MockContext): void {
  if (ctx.body.anthropic_version !== VERTEX_ANTHROPIC_VERSION)
    return sendRefusal(
      ctx.res,
      anthropicError(400, `anthropic_version: Input should be '${VERTEX_ANTHROPIC_VERSION}'`),
      ctx.behaviour,
    );
  if (ctx.body.model !== undefined)
    return sendRefusal(ctx.res, anthropicError(400, 'model: Extra inputs are not permitted'), ctx.behaviour);
  const req = readClaudeRequest(ctx.body);
  if (typeof req === 'string') return sendRefusal(ctx.res, anthropicError(400, req), ctx.behaviour);
  sendClaude(
    ctx,
    claudeAnswer(ctx, req, ctx.model ?? ''),
    req.stream || ctx.params.action === 'streamRawPredict',
  );
}

export function unknownVertexMethod(ctx: MockContext): void {
  sendRefusal(
    ctx.res,
    googleError(
      404,
      `Method ${ctx.params.action ?? ''} is not found for publisher ${ctx.params.publisher ?? ''}.`,
    ),
    ctx.behaviour,
  );
}
