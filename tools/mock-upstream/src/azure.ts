// Azure OpenAI: OpenAI's answers at deployment URLs, an `api-key` header instead of a bearer token, and an
// `api-version` query on every call. The deployment named in the URL is the model that answers.
import { speech, transcriptions } from './audio';
import { chatCompletions, completions } from './chat';
import { type Handler, type MockContext } from './context';
import { type Dialect, headerText, type RequestView } from './dialect';
import { embeddings, imageGenerations } from './media';
import { sendJson } from './reply';
import { responses } from './responses';
import { type Route } from './routes';

// What Azure answers, in its own `{error:{code,message}}` shape.
const ACCESS_DENIED =
  'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.';
const BAD_KEY = 'bad-key';
// Dated versions (2024-12-01-preview) on deployment URLs; the v1 surface takes `preview`, `latest` or none.
const DATED_VERSION = /^\d{4}-\d{2}-\d{2}(-preview)?$/;
const V1_VERSIONS = new Set(['preview', 'latest']);

const azureError = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

export const AZURE_DIALECT: Dialect = {
  authenticate(req: RequestView) {
    const key = headerText(req.headers, 'api-key');
    return key === undefined || key === '' || key === BAD_KEY ? azureError(401, '401', ACCESS_DENIED) : null;
  },
  invalidRequest: (message) => azureError(400, 'BadRequest', message),
  statusError: (status) => azureError(status, String(status), `Mock Azure OpenAI error ${status}.`),
};

const DEPLOYMENT_OPERATIONS = new Map<string, Handler>([
  ['chat/completions', chatCompletions],
  ['completions', completions],
  ['embeddings', embeddings],
  ['images/generations', imageGenerations],
  ['audio/speech', speech],
  ['audio/transcriptions', transcriptions],
  ['audio/translations', transcriptions],
]);
const DEPLOYMENT_PATH = /^\/openai\/deployments\/([^/]+)\/(.+)$/;
const RESPONSES_PATH = '/openai/v1/responses';

// Azure answers 404 "Resource not found" when the api-version is missing, 400 when it is unknown.
function checkVersion(handler: Handler, accepts: (version: string | null) => boolean): Handler {
  return (ctx: MockContext) => {
    const version = ctx.query.get('api-version');
    if (version === null && !accepts(null)) {
      sendJson(ctx.res, 404, azureError(404, '404', 'Resource not found').body);
    } else if (!accepts(version)) {
      sendJson(ctx.res, 400, azureError(400, 'BadRequest', 'API version not supported').body);
    } else handler(ctx);
  };
}

export function findAzureRoute(req: RequestView): Route | null {
  if (req.method !== 'POST') return null;
  if (req.path === RESPONSES_PATH) {
    const handler = checkVersion(responses, (version) => version === null || V1_VERSIONS.has(version));
    return { handler, pathParam: undefined, dialect: AZURE_DIALECT };
  }
  const match = DEPLOYMENT_PATH.exec(req.path);
  const operation = match ? DEPLOYMENT_OPERATIONS.get(match[2]) : undefined;
  if (!match || !operation) return null;
  const handler = checkVersion(operation, (version) => version !== null && DATED_VERSION.test(version));
  return { handler, pathParam: undefined, dialect: AZURE_DIALECT, model: decodeURIComponent(match[1]) };
}
