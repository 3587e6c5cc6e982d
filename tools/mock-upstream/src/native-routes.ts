// Routes of the native providers. Anthropic and Gemini share OpenAI's `GET /v1/models`: the caller's
// headers decide (x-goog-api-key or ?key= → Gemini; x-api-key or anthropic-version → Anthropic; else OpenAI).
import { listClaudeModels, messages } from './anthropic';
import { ANTHROPIC_DIALECT } from './anthropic-dialect';
import { invoke, invokeWithResponseStream } from './bedrock';
import { BEDROCK_DIALECT } from './bedrock-dialect';
import { listFoundationModels, listPublisherModels } from './cloud-models';
import { type Handler } from './context';
import { headerText, type RequestView } from './dialect';
import {
  batchEmbedContents,
  countTokens,
  embedContent,
  generateContent,
  getGeminiModel,
  listGeminiModels,
  streamGenerateContent,
  unknownGeminiMethod,
} from './gemini';
import { GEMINI_DIALECT } from './gemini-dialect';
import { type Route } from './routes';
import { rawPredict, token, TOKEN_DIALECT, unknownVertexMethod, VERTEX_DIALECT } from './vertex';

const GEMINI_PATH = /^\/(v1|v1beta)\/models(?:\/([^/]+))?$/;
const VERTEX_PATH =
  /^\/(v1|v1beta1)\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/([^/]+)\/models\/([^/]+)$/;
const BEDROCK_PATH = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;
const PUBLISHER_MODELS_PATH = /^\/v1beta1\/publishers\/([^/]+)\/models$/;

const GEMINI_METHODS: Record<string, Handler> = {
  generateContent,
  streamGenerateContent,
  countTokens,
  embedContent,
  batchEmbedContents,
};
const VERTEX_METHODS: Record<string, Record<string, Handler>> = {
  google: { generateContent, streamGenerateContent, countTokens },
  anthropic: { rawPredict, streamRawPredict: rawPredict },
};

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

// "gemini-2.0-flash:generateContent" → [model, method]
function modelAndMethod(segment: string): [string, string] | null {
  const decoded = decode(segment);
  const colon = decoded === null ? -1 : decoded.lastIndexOf(':');
  return decoded === null || colon === -1 ? null : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

export function findNativeRoute(req: RequestView): Route | null {
  const { method, path } = req;
  if (method === 'POST') {
    if (path === '/v1/messages')
      return { handler: messages, pathParam: undefined, dialect: ANTHROPIC_DIALECT };
    if (path === '/token') return { handler: token, pathParam: undefined, dialect: TOKEN_DIALECT };
    if (path.startsWith('/model/')) return bedrockRoute(path);
    if (path.includes('/projects/')) return vertexRoute(path);
  }
  if (method === 'GET') {
    const cloudList = cloudModelListRoute(path);
    if (cloudList !== null) return cloudList;
  }
  return geminiRoute(req);
}

function geminiRoute(req: RequestView): Route | null {
  const match = GEMINI_PATH.exec(req.path);
  if (match === null) return null;
  const [, version, target] = match;
  if (req.method === 'GET') {
    const google = headerText(req.headers, 'x-goog-api-key') !== undefined || req.query.has('key');
    if (version === 'v1' && !google) {
      const anthropic =
        target === undefined &&
        (headerText(req.headers, 'x-api-key') !== undefined ||
          headerText(req.headers, 'anthropic-version') !== undefined);
      return anthropic
        ? { handler: listClaudeModels, pathParam: undefined, dialect: ANTHROPIC_DIALECT }
        : null;
    }
    const model = target === undefined ? undefined : (decode(target) ?? target);
    const handler = model === undefined ? listGeminiModels : getGeminiModel;
    return { handler, pathParam: undefined, dialect: GEMINI_DIALECT, model, params: { version } };
  }
  const parts = req.method === 'POST' && target !== undefined ? modelAndMethod(target) : null;
  if (parts === null) return null;
  const [model, action] = parts;
  const handler = GEMINI_METHODS[action] ?? unknownGeminiMethod;
  return {
    handler,
    pathParam: undefined,
    dialect: GEMINI_DIALECT,
    model,
    params: { version, model, action },
  };
}

function vertexRoute(path: string): Route | null {
  const match = VERTEX_PATH.exec(path);
  const parts = match === null ? null : modelAndMethod(match[5]);
  if (match === null || parts === null) return null;
  const [, version, project, region, publisher] = match;
  const [model, action] = parts;
  const handler = VERTEX_METHODS[publisher]?.[action] ?? unknownVertexMethod;
  const params = { version, project, region, publisher, model, action };
  return { handler, pathParam: undefined, dialect: VERTEX_DIALECT, model, params };
}

// The model lists of Bedrock (SigV4) and Vertex AI Model Garden (an issued token).
function cloudModelListRoute(path: string): Route | null {
  if (path === '/foundation-models')
    return { handler: listFoundationModels, pathParam: undefined, dialect: BEDROCK_DIALECT };
  const publisher = PUBLISHER_MODELS_PATH.exec(path)?.[1];
  if (publisher === undefined) return null;
  const params = { publisher: decode(publisher) ?? publisher };
  return { handler: listPublisherModels, pathParam: undefined, dialect: VERTEX_DIALECT, params };
}

function bedrockRoute(path: string): Route | null {
  const match = BEDROCK_PATH.exec(path);
  const modelId = match === null ? null : decode(match[1]);
  if (match === null || modelId === null) return null;
  const handler = match[2] === 'invoke' ? invoke : invokeWithResponseStream;
  return {
    handler,
    pathParam: undefined,
    dialect: BEDROCK_DIALECT,
    model: modelId,
    params: { modelId, action: match[2] },
  };
}
