// A Midjourney proxy (reference §7) whose tasks advance one step each time they are listed: NOT_START 0%,
// IN_PROGRESS 50%, then SUCCESS with an image (served by this mock) or FAILURE. Words in the prompt pick the
// outcome: `mock-fail` fails, `mock-stuck` stays IN_PROGRESS, `mock-code-21` / `-22` are accepted with that
// code, `mock-code-3` (no account) / `-23` (queue full) / `-24` (sensitive) are refused with it, `mock-500`
// answers HTTP 500. With `mock-notify` and a notifyHook the task runs by itself right after its submission and
// each step (IN_PROGRESS, then the outcome) is POSTed to the hook as a proxy does: JSON, no credentials.
// upload-discord-images answers one image link per data URL (anything else: code 4); image-seed answers a seed
// for a known task. The key is read from mj-api-secret; `bad-key` (or none) is refused with 401.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { type Handler, type MockContext } from './context';
import { type Dialect, headerText, type RequestView } from './dialect';
import { stringField } from './fields';
import { sendBody, sendJson } from './reply';
import { NORMAL } from './behaviour';
import { type Route } from './routes';

interface MjMockTask {
  id: string;
  prompt: string;
  submitTime: number;
  listed: number;
  notifyHook: string | undefined;
}

/** Tasks submitted to one mock instance. */
export type MjBook = Map<string, MjMockTask>;

const BAD_KEY = 'bad-key';
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const refusal = (code: number, description: string) => ({ code, description, result: '', properties: {} });

const MJ_DIALECT: Dialect = {
  authenticate: (req: RequestView) => {
    const key = headerText(req.headers, 'mj-api-secret') ?? '';
    return key === '' || key === BAD_KEY
      ? { status: 401, body: refusal(401, 'invalid mj-api-secret') }
      : null;
  },
  invalidRequest: (message) => ({ status: 400, body: refusal(4, message) }),
  statusError: (status) => ({ status, body: refusal(status, `mock status ${status}`) }),
};

const OPEN_DIALECT: Dialect = { ...MJ_DIALECT, authenticate: () => null };

const CODE_WORD = /mock-code-(\d+)/;
const SUBMIT_KINDS = [
  'imagine',
  'change',
  'simple-change',
  'action',
  'modal',
  'describe',
  'blend',
  'shorten',
];
const SUBMITS = new Set([...SUBMIT_KINDS.map((kind) => `/mj/submit/${kind}`), '/mj/insight-face/swap']);
const NOTIFY_RETRIES = 100;
const NOTIFY_RETRY_MS = 100;
const IMAGE_SEED = /^\/mj\/task\/([^/]+)\/image-seed$/;

// Follow-ups (change, action…) carry no prompt: their taskId stands in for it, so its words apply too.
const submit: Handler = (ctx) => {
  const prompt =
    stringField(ctx.body, 'prompt') ??
    stringField(ctx.body, 'taskId') ??
    stringField(ctx.body, 'content') ??
    '';
  if (prompt.includes('mock-500')) return sendJson(ctx.res, 500, refusal(500, 'mock server error'));
  const code = Number(CODE_WORD.exec(prompt)?.[1] ?? 1);
  if (code === 3) return sendJson(ctx.res, 200, refusal(3, '无可用的账号实例'));
  if (code === 23) return sendJson(ctx.res, 200, refusal(23, '队列已满，请稍后尝试'));
  if (code === 24) return sendJson(ctx.res, 200, refusal(24, '可能包含敏感词'));
  const task: MjMockTask = {
    id: String(Date.now()) + randomUUID().slice(0, 8),
    prompt,
    submitTime: Date.now(),
    listed: 0,
    notifyHook: stringField(ctx.body, 'notifyHook'),
  };
  ctx.state.mj.set(task.id, task);
  sendJson(ctx.res, 200, { code, description: '提交成功', result: task.id, properties: {} });
  if (task.notifyHook && prompt.includes('mock-notify')) void runAndNotify(ctx, task, task.notifyHook);
};

// Steps past NOT_START at once and tells the hook each step, in order. The hook may not know the task yet (the
// gateway stores it once our answer is back): a 404 is tried again for a while, other refusals end the run.
async function runAndNotify(ctx: MockContext, task: MjMockTask, hook: string): Promise<void> {
  task.listed = 1;
  for (let step = 0; step < 2; step++) {
    const view = viewOf(ctx, task);
    let status = await postJson(hook, view);
    for (let retry = 0; status === 404 && retry < NOTIFY_RETRIES; retry++) {
      await new Promise((resolve) => setTimeout(resolve, NOTIFY_RETRY_MS));
      status = await postJson(hook, view);
    }
    if (status >= 300) return;
  }
}

// The hook's HTTP status (0 when it could not be reached).
function postJson(url: string, payload: unknown): Promise<number> {
  const body = JSON.stringify(payload);
  return new Promise((resolve) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

function viewOf(ctx: MockContext, task: MjMockTask) {
  task.listed += 1;
  const base = {
    id: task.id,
    action: 'IMAGINE',
    prompt: task.prompt,
    promptEn: `${task.prompt} (en)`,
    description: '/imagine ' + task.prompt,
    state: '',
    submitTime: task.submitTime,
    startTime: 0,
    finishTime: 0,
    imageUrl: '',
    failReason: '',
    buttons: [],
    properties: {},
  };
  if (task.listed === 1) return { ...base, status: 'NOT_START', progress: '0%' };
  const started = { ...base, startTime: task.submitTime + 1000 };
  if (task.listed === 2 || task.prompt.includes('mock-stuck'))
    return { ...started, status: 'IN_PROGRESS', progress: '50%' };
  if (task.prompt.includes('mock-fail'))
    return {
      ...started,
      status: 'FAILURE',
      progress: '100%',
      failReason: 'mock failure',
      finishTime: Date.now(),
    };
  const host = headerText(ctx.headers, 'host') ?? '127.0.0.1';
  return {
    ...started,
    status: 'SUCCESS',
    progress: '100%',
    finishTime: Date.now(),
    imageUrl: `http://${host}/mj/image-file/${task.id}.png`,
    buttons: [{ customId: `MJ::JOB::upsample::1::${task.id}`, label: 'U1' }],
  };
}

const listByCondition: Handler = (ctx) => {
  const ids = Array.isArray(ctx.body.ids) ? ctx.body.ids.filter((id) => typeof id === 'string') : [];
  const tasks = ids.flatMap((id) => {
    const task = ctx.state.mj.get(id);
    return task ? [viewOf(ctx, task)] : [];
  });
  sendJson(ctx.res, 200, tasks);
};

const imageFile: Handler = (ctx) => sendBody(ctx.res, 200, 'image/png', PNG, NORMAL);

// The proxy keeps the images on Discord and answers their links (`result` is a list here).
const uploadDiscordImages: Handler = (ctx) => {
  const images = Array.isArray(ctx.body.base64Array) ? ctx.body.base64Array : [];
  if (images.length === 0 || !images.every((image) => typeof image === 'string' && image.startsWith('data:')))
    return sendJson(ctx.res, 200, { code: 4, description: 'base64 格式错误', result: [], properties: {} });
  const host = headerText(ctx.headers, 'host') ?? '127.0.0.1';
  const links = images.map(() => `http://${host}/mj/image-file/upload-${randomUUID().slice(0, 8)}.png`);
  sendJson(ctx.res, 200, { code: 1, description: '上传成功', result: links, properties: {} });
};

// A seed the task's id decides, so a test can tell it came from here.
const imageSeed: Handler = (ctx) => {
  const id = ctx.pathParam ?? '';
  if (!ctx.state.mj.has(id)) return sendJson(ctx.res, 200, refusal(4, '任务不存在'));
  const seed = [...id].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 4_294_967_296, 7);
  sendJson(ctx.res, 200, { code: 1, description: '成功', result: String(seed), properties: {} });
};

export function findMidjourneyRoute(req: RequestView): Route | null {
  const { method, path } = req;
  if (method === 'POST' && SUBMITS.has(path))
    return { handler: submit, pathParam: undefined, dialect: MJ_DIALECT };
  if (method === 'POST' && path === '/mj/submit/upload-discord-images')
    return { handler: uploadDiscordImages, pathParam: undefined, dialect: MJ_DIALECT };
  const seed = method === 'GET' ? IMAGE_SEED.exec(path) : null;
  if (seed) return { handler: imageSeed, pathParam: decodeURIComponent(seed[1]), dialect: MJ_DIALECT };
  if (method === 'POST' && path === '/mj/task/list-by-condition')
    return { handler: listByCondition, pathParam: undefined, dialect: MJ_DIALECT };
  if (method === 'GET' && path.startsWith('/mj/image-file/'))
    return { handler: imageFile, pathParam: undefined, dialect: OPEN_DIALECT };
  return null;
}
