import { type ImageOrder } from '../../billing/quota-formula';
import { type Protocol, type RelayEndpoint } from '../protocols/protocol';
import { relayError } from '../errors/relay-errors';
import { type AnswerKind, ENDPOINTS } from './endpoints';
import { MultipartUpload } from './multipart';
import { isObject } from './prompt-tokens';

const MAX_IMAGES = 10;

export { countText, countTexts } from './prompt-tokens';

type Json = Record<string, unknown>;

/** A caller's body, checked enough to price and route it. */
export interface RelayRequest {
  /** The protocol the caller speaks (and is answered in); native inbound calls are chat calls. */
  inbound: Protocol;
  endpoint: RelayEndpoint;
  /** The path the caller called (logged as request_path). */
  path: string;
  /** The JSON body (a multipart upload's text fields), with the endpoint's default model filled in. */
  body: Readonly<Json>;
  /** The multipart upload of an audio transcription; null for JSON calls. */
  upload: MultipartUpload | null;
  model: string;
  stream: boolean;
  answer: AnswerKind;
  /** The caller asked for the final usage chunk itself (so it is not dropped from what it receives). */
  callerWantsUsage: boolean;
  /**
   * Prompt tokens counted locally: the reservation's estimate when the caller set a max, and the fallback when
   * upstream omits usage. Counted on first read, as most calls need neither.
   */
  readonly promptTokens: number;
  /** 0 = the call generates no tokens (speech); null = the caller set no cap. */
  maxTokens: number | null;
  /** Image calls are priced per image (reference §3.2); null for every other endpoint. */
  imageOrder: ImageOrder | null;
  /**
   * A call made in another API's shape than its endpoint's (Gemini embeddings relayed as OpenAI embeddings):
   * the endpoint's OpenAI answer → the caller's. null = the answer goes back as the protocols say.
   */
  reshapeAnswer: ((answer: Json) => Json) | null;
  /**
   * The caller's exact bytes (global.pass_through_request_enabled): sent instead of a built body wherever the
   * provider reads the caller's protocol as it is. Absent = the body is built as usual.
   */
  passThroughBody?: Buffer;
}

const invalid = (detail: string) => relayError('invalid_text_request', { detail });

function isMissing(field: string, body: Json, upload: MultipartUpload | null): boolean {
  if (field === 'file') return upload === null || !upload.hasFile('file');
  const value = body[field];
  if (field === 'messages') return !Array.isArray(value) || value.length === 0;
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function imageOrderOf(model: string, body: Json): ImageOrder {
  const n = body.n ?? 1;
  // OpenAI makes 1 to 10 images a call; a larger n would only price a call no provider serves.
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_IMAGES)
    throw invalid(`n must be an integer from 1 to ${MAX_IMAGES}`);
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' && value !== '' ? value : fallback;
  return { model, n, size: text(body.size, '1024x1024'), quality: text(body.quality, 'standard') };
}

/** Checks the body (400 invalid_text_request) and reads what pricing and routing need. */
export function parseRelayRequest(endpoint: RelayEndpoint, payload: unknown): RelayRequest {
  const spec = ENDPOINTS[endpoint];
  const upload = payload instanceof MultipartUpload ? payload : null;
  if (spec.required === 'file' && upload === null) throw invalid('the body must be multipart/form-data');
  const raw = upload ? upload.fields() : payload;
  if (!isObject(raw)) throw invalid('the body is not a JSON object');
  const given = typeof raw.model === 'string' && raw.model !== '' ? raw.model : null;
  const model = given ?? spec.defaultModel;
  if (model === null) throw invalid('model is required');
  if (spec.required !== null && isMissing(spec.required, raw, upload))
    throw invalid(`${spec.required} is required`);
  const body = given === null ? { ...raw, model } : raw;
  const stream = spec.streams && body.stream === true;
  const options = isObject(body.stream_options) ? body.stream_options : {};
  let promptTokens: number | undefined;
  return {
    inbound: 'openai',
    endpoint,
    path: endpoint,
    body,
    upload,
    model,
    stream,
    answer: stream ? 'sse' : spec.answer,
    callerWantsUsage: stream && options.include_usage === true,
    get promptTokens() {
      return (promptTokens ??= spec.promptTokens(body));
    },
    maxTokens: spec.maxTokens(body),
    imageOrder: endpoint === '/v1/images/generations' ? imageOrderOf(model, body) : null,
    reshapeAnswer: null,
  };
}
