// POST /v1/embeddings, /v1/images/generations, /v1/moderations.
import { type MockContext } from './context';
import { invalidRequest } from './errors';
import { nextId, nowSeconds, positiveInt, stringField } from './fields';
import { sendJson } from './reply';
import { contentText, inputItems, itemTokens } from './usage';

export const EMBEDDING_DIMENSIONS = 8;
const MAX_DIMENSIONS = 4096;
// A 1×1 transparent PNG, so b64_json answers decode to a real image.
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// A deterministic unit-ish vector per input (FNV-1a seed, xorshift), so equal inputs embed equally.
export function vector(item: unknown, dimensions: number): Float32Array {
  const text = typeof item === 'string' ? item : JSON.stringify(item);
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) seed = Math.imul(seed ^ text.charCodeAt(i), 0x01000193);
  const out = new Float32Array(dimensions);
  for (let i = 0; i < dimensions; i += 1) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    out[i] = ((seed >>> 0) / 0xffffffff) * 2 - 1;
  }
  return out;
}

export function embeddings(ctx: MockContext): void {
  const items = inputItems(ctx.body.input);
  if (items === null) {
    sendJson(ctx.res, 400, invalidRequest("'input' is required", 'input'), ctx.behaviour);
    return;
  }
  const dimensions = Math.min(positiveInt(ctx.body.dimensions) ?? EMBEDDING_DIMENSIONS, MAX_DIMENSIONS);
  // The official SDK asks for base64 by default and decodes it itself.
  const base64 = ctx.body.encoding_format === 'base64';
  const data = items.map((item, index) => {
    const v = vector(item, dimensions);
    const embedding = base64 ? Buffer.from(v.buffer).toString('base64') : Array.from(v);
    return { object: 'embedding', index, embedding };
  });
  const tokens = items.reduce<number>((sum, item) => sum + itemTokens(item), 0);
  const answer = { object: 'list', data, model: ctx.model ?? '' };
  const usage = { prompt_tokens: tokens, total_tokens: tokens };
  sendJson(ctx.res, 200, ctx.behaviour.noUsage ? answer : { ...answer, usage }, ctx.behaviour);
}

export function imageGenerations(ctx: MockContext): void {
  const prompt = stringField(ctx.body, 'prompt');
  if (prompt === undefined || prompt === '') {
    sendJson(ctx.res, 400, invalidRequest("'prompt' is required", 'prompt'), ctx.behaviour);
    return;
  }
  const n = Math.min(positiveInt(ctx.body.n) ?? 1, 10);
  const b64 = ctx.body.response_format === 'b64_json';
  const id = nextId('img');
  const data = Array.from({ length: n }, (_, i) =>
    b64
      ? { b64_json: PNG_1X1, revised_prompt: prompt }
      : { url: `https://mock-upstream.invalid/images/${id}-${i}.png`, revised_prompt: prompt },
  );
  sendJson(ctx.res, 200, { created: nowSeconds(), data }, ctx.behaviour);
}

export const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;
// The one rule: an input containing the word "kill" is flagged for violence.
const FLAG_WORD = /\bkill\b/i;

export function moderations(ctx: MockContext): void {
  const input = ctx.body.input;
  const texts =
    typeof input === 'string'
      ? [input]
      : Array.isArray(input)
        ? input.map((i) => (typeof i === 'string' ? i : contentText([i])))
        : null;
  if (texts === null || texts.length === 0) {
    sendJson(ctx.res, 400, invalidRequest("'input' is required", 'input'), ctx.behaviour);
    return;
  }
  const results = texts.map((text) => {
    const violent = FLAG_WORD.test(text);
    const categories: Record<string, boolean> = {};
    const scores: Record<string, number> = {};
    for (const c of MODERATION_CATEGORIES) {
      categories[c] = violent && c === 'violence';
      scores[c] = categories[c] ? 0.98 : 0.0001;
    }
    return { flagged: violent, categories, category_scores: scores };
  });
  sendJson(
    ctx.res,
    200,
    { id: nextId('modr'), model: ctx.model ?? 'omni-moderation-latest', results },
    ctx.behaviour,
  );
}
