// Gemini API: POST /{v1,v1beta}/models/{model}:generateContent | :streamGenerateContent | :embedContent |
// :batchEmbedContents, GET /{v1,v1beta}/models[/{model}]. Vertex reuses generate and stream.
import { type MockContext } from './context';
import { sendRefusal } from './dialect';
import { asObject, positiveInt, type JsonObject } from './fields';
import { geminiAnswer, geminiChunks, geminiResponse } from './gemini-answer';
import { googleError } from './gemini-dialect';
import { geminiPromptTokens, readGeminiRequest } from './gemini-request';
import { EMBEDDING_DIMENSIONS, vector } from './media';
import { sendJson, sendStream, sseData } from './reply';

const JSON_ARRAY_HEAD = { 'content-type': 'application/json; charset=UTF-8' };
const MAX_DIMENSIONS = 4096;

function answerOf(ctx: MockContext) {
  const req = readGeminiRequest(ctx.body);
  if (typeof req === 'string') {
    sendRefusal(ctx.res, googleError(400, req), ctx.behaviour);
    return null;
  }
  return geminiAnswer(ctx, req, ctx.model ?? '');
}

export function generateContent(ctx: MockContext): void {
  const answer = answerOf(ctx);
  if (answer !== null) sendJson(ctx.res, 200, geminiResponse(answer), ctx.behaviour);
}

// `?alt=sse`: server-sent `data:` events. Without it Google streams one JSON array, element by element.
export function streamGenerateContent(ctx: MockContext): void {
  const answer = answerOf(ctx);
  if (answer === null) return;
  const chunks = geminiChunks(answer);
  if (ctx.query.get('alt') === 'sse') return sendStream(ctx.res, chunks.map(sseData), ctx.behaviour);
  const frames = chunks.map((c, i) => `${i === 0 ? '[' : ',\r\n'}${JSON.stringify(c)}`);
  frames.push(']');
  sendStream(ctx.res, frames, ctx.behaviour, JSON_ARRAY_HEAD);
}

function embeddingOf(request: JsonObject): { values: number[] } | null {
  const content = asObject(request.content);
  if (!Array.isArray(content.parts)) return null;
  const text = content.parts
    .map((p) => asObject(p).text)
    .filter((t): t is string => typeof t === 'string')
    .join(' ');
  const dimensions = Math.min(
    positiveInt(request.outputDimensionality) ?? EMBEDDING_DIMENSIONS,
    MAX_DIMENSIONS,
  );
  return { values: Array.from(vector(text, dimensions)) };
}

export function embedContent(ctx: MockContext): void {
  const embedding = embeddingOf(ctx.body);
  if (embedding === null)
    return sendRefusal(
      ctx.res,
      googleError(400, '* EmbedContentRequest.content: content is not specified\n'),
      ctx.behaviour,
    );
  sendJson(ctx.res, 200, { embedding }, ctx.behaviour);
}

// Every request names the model of the URL, as Google insists.
export function batchEmbedContents(ctx: MockContext): void {
  const requests = Array.isArray(ctx.body.requests) ? ctx.body.requests.map(asObject) : [];
  if (requests.length === 0)
    return sendRefusal(
      ctx.res,
      googleError(400, '* BatchEmbedContentsRequest.requests: requests is not specified\n'),
      ctx.behaviour,
    );
  const embeddings: { values: number[] }[] = [];
  for (const [i, request] of requests.entries()) {
    if (request.model !== `models/${ctx.model ?? ''}`)
      return sendRefusal(
        ctx.res,
        googleError(
          400,
          `* BatchEmbedContentsRequest.requests[${i}].model: the model must be models/${ctx.model ?? ''}\n`,
        ),
        ctx.behaviour,
      );
    const embedding = embeddingOf(request);
    if (embedding === null)
      return sendRefusal(
        ctx.res,
        googleError(400, `* BatchEmbedContentsRequest.requests[${i}].content: content is not specified\n`),
        ctx.behaviour,
      );
    embeddings.push(embedding);
  }
  sendJson(ctx.res, 200, { embeddings }, ctx.behaviour);
}

export function unknownGeminiMethod(ctx: MockContext): void {
  sendRefusal(
    ctx.res,
    googleError(404, `Method ${ctx.params.action ?? ''} is not found for models/${ctx.model ?? ''}.`),
    ctx.behaviour,
  );
}

const GENERATE = ['generateContent', 'streamGenerateContent', 'countTokens'];
const EMBED = ['embedContent', 'batchEmbedContents'];
export const GEMINI_MODELS: readonly JsonObject[] = [
  ['gemini-2.5-pro', 'Gemini 2.5 Pro', GENERATE, 1_048_576, 65_536],
  ['gemini-2.5-flash', 'Gemini 2.5 Flash', GENERATE, 1_048_576, 65_536],
  ['gemini-2.0-flash', 'Gemini 2.0 Flash', GENERATE, 1_048_576, 8_192],
  ['gemini-1.5-pro', 'Gemini 1.5 Pro', GENERATE, 2_000_000, 8_192],
  ['text-embedding-004', 'Text Embedding 004', EMBED, 2_048, 1],
  ['gemini-embedding-001', 'Gemini Embedding 001', EMBED, 2_048, 1],
].map(([id, displayName, methods, inputTokenLimit, outputTokenLimit]) => ({
  name: `models/${String(id)}`,
  version: '001',
  displayName,
  inputTokenLimit,
  outputTokenLimit,
  supportedGenerationMethods: methods,
}));
const MODEL_LIST = { models: GEMINI_MODELS };

export function listGeminiModels(ctx: MockContext): void {
  sendJson(ctx.res, 200, MODEL_LIST, ctx.behaviour);
}

export function getGeminiModel(ctx: MockContext): void {
  const model = GEMINI_MODELS.find((m) => m.name === `models/${ctx.model ?? ''}`);
  if (model === undefined)
    return sendRefusal(
      ctx.res,
      googleError(404, `models/${ctx.model ?? ''} is not found for API version ${ctx.params.version}.`),
      ctx.behaviour,
    );
  sendJson(ctx.res, 200, model, ctx.behaviour);
}

// :countTokens takes {contents} or {generateContentRequest}.
export function countTokens(ctx: MockContext): void {
  const req = readGeminiRequest(asObject(ctx.body.generateContentRequest ?? ctx.body));
  if (typeof req === 'string') return sendRefusal(ctx.res, googleError(400, req), ctx.behaviour);
  sendJson(ctx.res, 200, { totalTokens: geminiPromptTokens(req) }, ctx.behaviour);
}
