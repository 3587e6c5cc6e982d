// The mock upstream (OpenAI, plus Anthropic, Gemini, Vertex AI and Bedrock): one node:http server,
// started in-process by tests and the benchmark.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { BehaviourError, behaviourFor, NORMAL } from './behaviour';
import { type MockContext } from './context';
import { sendRefusal, type RequestView } from './dialect';
import { invalidRequest, statusError } from './errors';
import { asObject, stringField, type JsonObject } from './fields';
import { boundaryOf, parseMultipart, type MultipartSummary } from './multipart';
import { OPENAI_DIALECT } from './openai-dialect';
import { Recorder, type RecordedRequest } from './recorder';
import { sendJson } from './reply';
import { findRoute } from './routes';
import { createState, type MockState, type NativeOptions } from './state';

export interface MockUpstreamOptions extends NativeOptions {
  port?: number; // 0 (default) picks a free port
  host?: string;
  record?: boolean; // keep RecordedRequests (default true; turn off for benchmarks)
  maxRecorded?: number; // oldest dropped beyond this (default 10,000)
}

export interface MockUpstream {
  url: string; // e.g. http://127.0.0.1:41234 — append /v1 for an OpenAI base URL
  port: number;
  requests(): RecordedRequest[];
  reset(): void; // forgets recorded requests and Anthropic's prompt cache (not issued Vertex tokens)
  close(): Promise<void>;
}

const CONTROL_PATH = '/__mock/requests';
const FORM_TYPE = 'application/x-www-form-urlencoded';

interface ParsedBody {
  json: JsonObject;
  multipart: MultipartSummary | null;
  recorded: unknown;
  invalid: boolean;
  text: string; // the body as sent, for bodies that are text ('' for multipart)
}

function parseBody(req: IncomingMessage, raw: Buffer): ParsedBody {
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { json: {}, multipart: null, recorded: null, invalid: false, text: '' };
  if (type.startsWith('multipart/form-data')) {
    const boundary = boundaryOf(type);
    const multipart = boundary === null ? null : parseMultipart(raw, boundary);
    return { json: {}, multipart, recorded: multipart, invalid: multipart === null, text: '' };
  }
  const text = raw.toString('utf8');
  if (type.startsWith(FORM_TYPE)) {
    const form = Object.fromEntries(new URLSearchParams(text));
    return { json: form, multipart: null, recorded: form, invalid: false, text };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return { json: asObject(parsed), multipart: null, recorded: parsed, invalid: false, text };
  } catch {
    return { json: {}, multipart: null, recorded: text, invalid: true, text };
  }
}

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  raw: Buffer,
  recorder: Recorder,
  state: MockState,
): void {
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path === CONTROL_PATH) return control(method, res, recorder);
  const rawQuery = q === -1 ? '' : url.slice(q + 1);
  const body = parseBody(req, raw);
  if (recorder.enabled) recorder.add(method, path, rawQuery, req.headers, body.recorded, body.text);
  const request: RequestView = {
    method,
    path,
    query: new URLSearchParams(rawQuery),
    headers: req.headers,
    raw,
  };
  const route = findRoute(request);
  if (route === null) return sendJson(res, 404, invalidRequest(`Invalid URL (${method} ${path})`));
  const dialect = route.dialect ?? OPENAI_DIALECT;
  const denied = dialect.authenticate(request, state);
  if (denied !== null) return sendRefusal(res, denied);
  if (body.invalid)
    return sendRefusal(res, dialect.invalidRequest('We could not parse the body of your request.'));
  const model = route.model ?? body.multipart?.fields.model ?? stringField(body.json, 'model');
  const header = req.headers['x-mock-behaviour'];
  let behaviour = NORMAL;
  try {
    behaviour = behaviourFor(model, typeof header === 'string' ? header : undefined);
  } catch (error) {
    if (error instanceof BehaviourError) return sendRefusal(res, dialect.invalidRequest(error.message));
    throw error;
  }
  if (behaviour.status !== null) return sendRefusal(res, dialect.statusError(behaviour.status), behaviour);
  const ctx: MockContext = {
    res,
    headers: req.headers,
    body: body.json,
    multipart: body.multipart,
    behaviour,
    model,
    pathParam: route.pathParam,
    query: request.query,
    params: route.params ?? NO_PARAMS,
    state,
  };
  route.handler(ctx);
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

// GET /__mock/requests lists what was recorded (for a mock in another process); DELETE clears it.
function control(method: string, res: ServerResponse, recorder: Recorder): void {
  if (method === 'DELETE') recorder.reset();
  sendJson(res, 200, method === 'DELETE' ? { ok: true } : recorder.all());
}

export async function startMockUpstream(options: MockUpstreamOptions = {}): Promise<MockUpstream> {
  const recorder = new Recorder(options.record ?? true, options.maxRecorded ?? 10_000);
  const state = createState(options);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), recorder, state);
      } catch {
        if (!res.headersSent) sendJson(res, 500, statusError(500));
      }
    });
  });
  // Longer than undici's default keep-alive so the gateway's pooled sockets are not closed under it.
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    requests: () => recorder.all(),
    reset: () => {
      recorder.reset();
      state.promptCache.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
