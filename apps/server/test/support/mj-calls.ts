import { TaskPoller } from '../../src/modules/tasks/task-poller';
import { TaskEntity } from '../../src/modules/tasks/task.entity';
import { type RelayFixture } from './relay-fixtures';

/** A Midjourney proxy's answer (`result`: a task id, a seed or a list of links). */
export interface MjAnswer {
  code: number;
  description: string;
  result: unknown;
}

export interface MjCalls {
  /** Calls the gateway as a Midjourney client (key in mj-api-secret unless the headers say otherwise). */
  call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: MjAnswer }>;
  /** POST /mj/submit/imagine; returns the new task's id (fails the test on a refusal). */
  imagine(prompt: string, extra?: Record<string, unknown>): Promise<string>;
  taskRow(id: string): Promise<TaskEntity>;
  /** One task-poll run over every unfinished task, whatever their claims. */
  pollRound(): Promise<void>;
  /** Waits (up to 10 s: a loaded host) for the task to satisfy `done`. */
  taskWhen(id: string, done: (task: TaskEntity) => boolean): Promise<TaskEntity>;
}

export function mjCalls(f: RelayFixture, key: string): MjCalls {
  const call: MjCalls['call'] = async (method, path, body, headers = { 'mj-api-secret': key }) => {
    const response = await fetch(`${f.origin}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'en' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as MjAnswer };
  };
  const taskRow = (id: string) => f.data.getRepository(TaskEntity).findOneByOrFail({ taskId: id });
  return {
    call,
    taskRow,
    async imagine(prompt, extra = {}) {
      const answer = await call('POST', '/mj/submit/imagine', { prompt, ...extra });
      expect(answer).toMatchObject({ status: 200, body: { code: 1 } });
      return answer.body.result as string;
    },
    async pollRound() {
      await f.data.query('UPDATE tasks SET poll_until = 0');
      await f.t.app.get(TaskPoller).pollOnce();
    },
    async taskWhen(id, done) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const task = await taskRow(id);
        if (done(task)) return task;
        if (Date.now() > deadline) throw new Error(`task ${id} stayed ${task.status} ${task.progress}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
