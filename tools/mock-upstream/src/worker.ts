// Files a caller may point the gateway at, and a URL-fetching worker (the gateway's WorkerUrl option):
// GET /__mock/files/{name} serves a file; POST /__mock/worker {"url", "key"} answers the file a URL names,
// as a worker that fetched it would. The worker knows only these files (matched by the URL's last path
// segment, whatever the host), so a test can name a host that does not exist and still be answered.
import { type Handler } from './context';
import { type Dialect } from './dialect';
import { stringField } from './fields';
import { sendBody, sendJson } from './reply';
import { type Route } from './routes';
import { NORMAL } from './behaviour';

export const WORKER_PATH = '/__mock/worker';
export const FILES_PATH = '/__mock/files/';
export const DEFAULT_WORKER_KEY = 'mock-worker-key';

export interface MockFile {
  contentType: string;
  bytes: Buffer;
}

// A 1×1 PNG and a one-line PDF: enough for a provider to be handed real bytes.
export const MOCK_FILES: Readonly<Record<string, MockFile>> = {
  'cat.png': {
    contentType: 'image/png',
    bytes: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  },
  'report.pdf': { contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n% mock report\n%%EOF\n') },
};

const refusal = (status: number, message: string) => ({ status, body: { error: message } });

// The key travels in the body: the handler checks it.
const WORKER_DIALECT: Dialect = {
  authenticate: () => null,
  invalidRequest: (message) => refusal(400, message),
  statusError: (status) => refusal(status, `mock status ${status}`),
};

function fileNamed(name: string): MockFile | undefined {
  return Object.hasOwn(MOCK_FILES, name) ? MOCK_FILES[name] : undefined;
}

function lastSegment(url: string): string | null {
  try {
    return new URL(url).pathname.split('/').pop() ?? '';
  } catch {
    return null;
  }
}

const serveFile: Handler = (ctx) => {
  const file = fileNamed(ctx.params.name);
  if (!file) return sendJson(ctx.res, 404, { error: 'no such file' });
  sendBody(ctx.res, 200, file.contentType, file.bytes, NORMAL);
};

const fetchForCaller: Handler = (ctx) => {
  if (stringField(ctx.body, 'key') !== ctx.state.workerKey)
    return sendJson(ctx.res, 401, { error: 'invalid worker key' });
  const name = lastSegment(stringField(ctx.body, 'url') ?? '');
  if (name === null) return sendJson(ctx.res, 400, { error: 'url is not a URL' });
  const file = fileNamed(name);
  if (!file) return sendJson(ctx.res, 404, { error: 'not found' });
  sendBody(ctx.res, 200, file.contentType, file.bytes, NORMAL);
};

export function findWorkerRoute(method: string, path: string): Route | null {
  if (method === 'POST' && path === WORKER_PATH)
    return { handler: fetchForCaller, pathParam: undefined, dialect: WORKER_DIALECT };
  if (method === 'GET' && path.startsWith(FILES_PATH))
    return {
      handler: serveFile,
      pathParam: undefined,
      dialect: WORKER_DIALECT,
      params: { name: path.slice(FILES_PATH.length) },
    };
  return null;
}
