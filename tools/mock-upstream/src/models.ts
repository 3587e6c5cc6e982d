// GET /v1/models and /v1/models/{id}: a fixed catalogue, serialised once.
import { type MockContext } from './context';
import { statusError } from './errors';
import { sendBody, sendJson } from './reply';

const CREATED = 1_700_000_000;
export const MOCK_MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-3.5-turbo',
  'gpt-3.5-turbo-instruct',
  'text-embedding-3-small',
  'dall-e-3',
  'tts-1',
  'whisper-1',
  'omni-moderation-latest',
  'mock-500',
  'mock-429',
  'mock-401',
  'mock-slow-first-byte',
  'mock-slow-drip',
  'mock-cut-stream',
  'mock-no-usage',
] as const;

const entries = new Map<string, string>(
  MOCK_MODELS.map((id) => [
    id,
    JSON.stringify({
      id,
      object: 'model',
      created: CREATED,
      owned_by: id.startsWith('mock-') ? 'mock' : 'openai',
    }),
  ]),
);
const LIST = `{"object":"list","data":[${[...entries.values()].join(',')}]}`;
const JSON_TYPE = 'application/json';

export function listModels(ctx: MockContext): void {
  sendBody(ctx.res, 200, JSON_TYPE, LIST, ctx.behaviour);
}

export function getModel(ctx: MockContext): void {
  const entry = entries.get(ctx.pathParam ?? '');
  if (entry === undefined) sendJson(ctx.res, 404, statusError(404), ctx.behaviour);
  else sendBody(ctx.res, 200, JSON_TYPE, entry, ctx.behaviour);
}
