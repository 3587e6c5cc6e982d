// A Suno API (reference §7) whose tasks advance one step each time they are fetched: QUEUED 0%, IN_PROGRESS
// 50%, then SUCCESS with two clips, or FAILURE. Words in the prompt pick the outcome: `mock-fail` fails,
// `mock-stuck` stays IN_PROGRESS, `mock-refuse` is refused at submission (code "error"), `mock-500` answers
// HTTP 500. The key `bad-key` is refused with 401.
import { randomUUID } from 'node:crypto';
import { type Handler, type MockContext } from './context';
import { type Dialect, headerText, type RequestView } from './dialect';
import { stringField } from './fields';
import { sendJson } from './reply';
import { type Route } from './routes';

const ACTIONS = new Set(['MUSIC', 'LYRICS']);
const BAD_KEY = 'bad-key';

interface SunoMockTask {
  id: string;
  action: string;
  prompt: string;
  submitTime: number;
  fetches: number;
}

/** Tasks submitted to one mock instance. */
export type SunoBook = Map<string, SunoMockTask>;

const answer = (code: string, message: string, data: unknown) => ({ code, message, data });

const SUNO_DIALECT: Dialect = {
  authenticate: (req: RequestView) => {
    const key = (headerText(req.headers, 'authorization') ?? '').replace(/^Bearer\s+/i, '');
    return key === '' || key === BAD_KEY
      ? { status: 401, body: answer('unauthorized', 'invalid key', null) }
      : null;
  },
  invalidRequest: (message) => ({ status: 400, body: answer('invalid_request', message, null) }),
  statusError: (status) => ({ status, body: answer('error', `mock status ${status}`, null) }),
};

const seconds = () => Math.floor(Date.now() / 1000);

const submit: Handler = (ctx) => {
  const action = ctx.params.action;
  const prompt = stringField(ctx.body, 'prompt') ?? stringField(ctx.body, 'gpt_description_prompt') ?? '';
  if (!ACTIONS.has(action))
    return sendJson(ctx.res, 400, answer('invalid_action', `unknown ${action}`, null));
  if (prompt.includes('mock-500')) return sendJson(ctx.res, 500, answer('error', 'mock server error', null));
  if (prompt.includes('mock-refuse')) return sendJson(ctx.res, 200, answer('error', 'prompt refused', null));
  const task: SunoMockTask = { id: randomUUID(), action, prompt, submitTime: seconds(), fetches: 0 };
  ctx.state.suno.set(task.id, task);
  sendJson(ctx.res, 200, answer('success', '', task.id));
};

function viewOf(task: SunoMockTask) {
  task.fetches += 1;
  const base = { task_id: task.id, action: task.action, submit_time: task.submitTime, fail_reason: '' };
  if (task.fetches === 1)
    return { ...base, status: 'QUEUED', progress: '0%', start_time: 0, finish_time: 0, data: [] };
  const started = { ...base, start_time: task.submitTime, finish_time: 0 };
  if (task.fetches === 2 || task.prompt.includes('mock-stuck'))
    return { ...started, status: 'IN_PROGRESS', progress: '50%', data: [] };
  if (task.prompt.includes('mock-fail'))
    return {
      ...started,
      status: 'FAILURE',
      progress: '100%',
      fail_reason: 'mock failure',
      finish_time: seconds(),
    };
  const clips = [1, 2].map((n) => ({
    id: `${task.id}-${n}`,
    title: `clip ${n}`,
    audio_url: `https://cdn.mock/${task.id}-${n}.mp3`,
    image_url: `https://cdn.mock/${task.id}-${n}.jpg`,
  }));
  return { ...started, status: 'SUCCESS', progress: '100%', finish_time: seconds(), data: clips };
}

const fetchMany: Handler = (ctx: MockContext) => {
  const ids = Array.isArray(ctx.body.ids) ? ctx.body.ids.filter((id) => typeof id === 'string') : [];
  const tasks = ids.flatMap((id) => {
    const task = ctx.state.suno.get(id);
    return task ? [viewOf(task)] : [];
  });
  sendJson(ctx.res, 200, answer('success', '', tasks));
};

const SUBMIT = /^\/suno\/submit\/([^/]+)$/;

export function findSunoRoute(req: RequestView): Route | null {
  if (req.method !== 'POST') return null;
  if (req.path === '/suno/fetch') return { handler: fetchMany, pathParam: undefined, dialect: SUNO_DIALECT };
  const match = SUBMIT.exec(req.path);
  if (!match) return null;
  return { handler: submit, pathParam: undefined, dialect: SUNO_DIALECT, params: { action: match[1] } };
}
