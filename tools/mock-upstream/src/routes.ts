import { speech, transcriptions } from './audio';
import { chatCompletions, completions } from './chat';
import { type Handler } from './context';
import { embeddings, imageGenerations, moderations } from './media';
import { getModel, listModels } from './models';
import { responses } from './responses';

const ROUTES = new Map<string, Handler>([
  ['POST /v1/chat/completions', chatCompletions],
  ['POST /v1/completions', completions],
  ['POST /v1/embeddings', embeddings],
  ['POST /v1/images/generations', imageGenerations],
  ['POST /v1/audio/speech', speech],
  ['POST /v1/audio/transcriptions', transcriptions],
  ['POST /v1/moderations', moderations],
  ['POST /v1/responses', responses],
  ['GET /v1/models', listModels],
]);
const MODEL_PREFIX = '/v1/models/';

export interface Route {
  handler: Handler;
  pathParam: string | undefined;
}

export function findRoute(method: string, path: string): Route | null {
  const handler = ROUTES.get(`${method} ${path}`);
  if (handler) return { handler, pathParam: undefined };
  if (method === 'GET' && path.startsWith(MODEL_PREFIX) && path.length > MODEL_PREFIX.length) {
    return { handler: getModel, pathParam: decodeURIComponent(path.slice(MODEL_PREFIX.length)) };
  }
  return null;
}
