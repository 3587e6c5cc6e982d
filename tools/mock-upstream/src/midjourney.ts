// A Midjourney proxy (reference §7) whose tasks advance one step each time they are listed: NOT_START 0%,
// IN_PROGRESS 50%, then SUCCESS with an image (served by this mock) or FAILURE. Words in the prompt pick the
// outcome: `mock-fail` fails, `mock-stuck` stays IN_PROGRESS, `mock-code-21` / `-22` are accepted with that
// code, `mock-code-3` (no account) / `-23` (queue full) / `-24` (sensitive) are refused with it, `mock-500`
// answers HTTP 500. The key is read from mj-api-secret; `bad-key` (or none) is refused with 401.
import { randomUUID } from 'node:crypto';
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
  };
  ctx.state.mj.set(task.id, task);
  sendJson(ctx.res, 200, { code, description: '提交成功', result: task.id, properties: {} });
};

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

export function findMidjourneyRoute(req: RequestView): Route | null {
  const { method, path } = req;
  if (method === 'POST' && SUBMITS.has(path))
    return { handler: submit, pathParam: undefined, dialect: MJ_DIALECT };
  if (method === 'POST' && path === '/mj/task/list-by-condition')
    return { handler: listByCondition, pathParam: undefined, dialect: MJ_DIALECT };
  if (method === 'GET' && path.startsWith('/mj/image-file/'))
    return { handler: imageFile, pathParam: undefined, dialect: OPEN_DIALECT };
  return null;
}
