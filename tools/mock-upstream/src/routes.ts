import { speech, transcriptions } from './audio';
import { findAzureRoute } from './azure';
import { findBalanceRoute } from './balance';
import { chatCompletions, completions } from './chat';
import { type Handler } from './context';
import { type Dialect, type RequestView } from './dialect';
import { embeddings, imageGenerations, moderations } from './media';
import { getModel, listModels } from './models';
import { findNativeRoute } from './native-routes';
import { responses } from './responses';
import { findMidjourneyRoute } from './midjourney';
import { findSunoRoute } from './suno';
import { findWorkerRoute } from './worker';

const ROUTES = new Map<string, Handler>([
  ['POST /v1/chat/completions', chatCompletions],
  ['POST /v1/completions', completions],
  ['POST /v1/embeddings', embeddings],
  ['POST /v1/images/generations', imageGenerations],
  ['POST /v1/audio/speech', speech],
  ['POST /v1/audio/transcriptions', transcriptions],
  ['POST /v1/audio/translations', transcriptions],
  ['POST /v1/moderations', moderations],
  ['POST /v1/responses', responses],
  ['GET /v1/models', listModels],
]);
const MODEL_PREFIX = '/v1/models/';

export interface Route {
  handler: Handler;
  pathParam: string | undefined;
  dialect?: Dialect; // auth and error shapes; OpenAI's when absent
  model?: string; // named by the URL (Gemini, Vertex, Bedrock) rather than the body
  params?: Record<string, string>;
}

export function findRoute(req: RequestView): Route | null {
  const { method, path } = req;
  const native = findNativeRoute(req);
  if (native !== null) return native;
  const azure = findAzureRoute(req);
  if (azure !== null) return azure;
  const balance = findBalanceRoute(req);
  if (balance !== null) return balance;
  const suno = findSunoRoute(req) ?? findMidjourneyRoute(req);
  if (suno !== null) return suno;
  const worker = findWorkerRoute(method, path);
  if (worker !== null) return worker;
  const handler = ROUTES.get(`${method} ${path}`);
  if (handler) return { handler, pathParam: undefined };
  if (method === 'GET' && path.startsWith(MODEL_PREFIX) && path.length > MODEL_PREFIX.length) {
    return { handler: getModel, pathParam: decodeURIComponent(path.slice(MODEL_PREFIX.length)) };
  }
  return null;
}
