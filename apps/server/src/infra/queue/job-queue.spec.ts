import { setTimeout as sleep } from 'node:timers/promises';
import { type AppRole } from '../config/app-config';
import { deleteKeys, TEST_REDIS_URL, testConfig, testPrefix, waitFor } from '../redis/redis-testing';
import { BullmqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JOB_NAMES, type JobName } from './job-registry';
import { type JobQueue, type JobState } from './queue.port';

type Driver = 'in-process' | 'bullmq';

const notice = (userId: number) => {
  const text = { en: 'quota low', zh: '额度不足' };
  return { userId, type: 'quota', title: text, content: text, values: { left: 5 } };
};
const DRIVERS: Driver[] = ['in-process', 'bullmq'];

interface Harness {
  queue: JobQueue;
  errors: Error[];
  close(): Promise<void>;
}

function open(driver: Driver, role: AppRole = 'all', prefix = testPrefix()): Harness {
  const errors: Error[] = [];
  if (driver === 'in-process') {
    const queue = new InProcessJobQueue(testConfig(undefined, prefix, role));
    return { queue, errors, close: () => queue.close() };
  }
  const queue = new BullmqJobQueue(testConfig(TEST_REDIS_URL, prefix, role), (_source, error) =>
    errors.push(error),
  );
  return {
    queue,
    errors,
    close: async () => {
      await queue.close();
      await deleteKeys(prefix);
    },
  };
}

function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(DRIVERS)('JobQueue (%s)', (driver) => {
  let harness: Harness;
  let queue: JobQueue;

  const stateOf = async (name: JobName, id: string): Promise<JobState | undefined> =>
    (await queue.get(name, id))?.state;
  const waitForState = (name: JobName, id: string, state: JobState) =>
    waitFor(`job ${id} to be ${state}`, async () => (await stateOf(name, id)) === state);

  beforeEach(() => {
    harness = open(driver);
    queue = harness.queue;
  });
  afterEach(async () => {
    await harness.close();
    expect(harness.errors).toEqual([]);
  });

  it('runs a job and shows its result and reported progress', async () => {
    const seen: unknown[] = [];
    queue.process('channel-test', async (payload, ctx) => {
      seen.push({ payload, id: ctx.id });
      await ctx.progress(40);
      await ctx.progress(100);
      return { tested: 3 };
    });
    const id = await queue.add('channel-test', { channelId: 7, model: 'gpt-4o' });
    await waitForState('channel-test', id, 'completed');
    expect(await queue.get('channel-test', id)).toEqual({
      id,
      name: 'channel-test',
      state: 'completed',
      progress: 100,
      result: { tested: 3 },
      failedReason: null,
    });
    expect(seen).toEqual([{ payload: { channelId: 7, model: 'gpt-4o' }, id }]);
  });

  it('records a failure with its reason', async () => {
    queue.process('channel-balance', () => Promise.reject(new Error('upstream is down')));
    const id = await queue.add('channel-balance', { channelId: 1 });
    await waitForState('channel-balance', id, 'failed');
    expect(await queue.get('channel-balance', id)).toMatchObject({
      state: 'failed',
      result: null,
      failedReason: 'upstream is down',
    });
  });

  it('shows a running job as active with its progress so far', async () => {
    const release = gate();
    queue.process('channel-balance', async (_payload, ctx) => {
      await ctx.progress(30);
      await release.opened;
    });
    const id = await queue.add('channel-balance', { channelId: null });
    await waitFor('progress 30', async () => (await queue.get('channel-balance', id))?.progress === 30);
    expect(await stateOf('channel-balance', id)).toBe('active');
    release.open();
    await waitForState('channel-balance', id, 'completed');
  });

  it('returns the existing job for a jobId that is waiting or running, and runs it again once finished', async () => {
    const release = gate();
    let runs = 0;
    expect(await queue.add('channel-test', { channelId: null }, { jobId: 'test-all' })).toBe('test-all');
    expect(await queue.add('channel-test', { channelId: null }, { jobId: 'test-all' })).toBe('test-all');
    queue.process('channel-test', async () => {
      runs += 1;
      await release.opened;
      return runs;
    });
    await waitForState('channel-test', 'test-all', 'active');
    expect(await queue.add('channel-test', { channelId: null }, { jobId: 'test-all' })).toBe('test-all');
    release.open();
    await waitForState('channel-test', 'test-all', 'completed');
    expect(runs).toBe(1);

    await queue.add('channel-test', { channelId: null }, { jobId: 'test-all' });
    await waitFor('the second run', () => runs === 2);
    await waitForState('channel-test', 'test-all', 'completed');
    expect((await queue.get('channel-test', 'test-all'))?.result).toBe(2);
  });

  it('refuses custom ids that BullMQ would refuse', async () => {
    await expect(queue.add('notify', notice(1), { jobId: '42' })).rejects.toThrow();
    await expect(queue.add('notify', notice(1), { jobId: 'a:b' })).rejects.toThrow();
  });

  it('holds a delayed job until its time', async () => {
    const ran: number[] = [];
    queue.process('notify', (payload) => Promise.resolve(ran.push(payload.userId)));
    // Its time is far enough away that a busy host's round trips cannot reach it before the check.
    const id = await queue.add('notify', notice(9), { delayMs: 2000 });
    expect(await stateOf('notify', id)).toBe('delayed');
    await sleep(200);
    expect(ran).toEqual([]);
    await waitForState('notify', id, 'completed');
    expect(ran).toEqual([9]);
  });

  it('runs a scheduled job repeatedly', async () => {
    const channels: Array<number | null> = [];
    queue.process('channel-balance', (payload) => Promise.resolve(channels.push(payload.channelId)));
    await queue.schedule('channel-balance', { channelId: null }, 150);
    await waitFor('three scheduled runs', () => channels.length >= 3);
    expect(new Set(channels)).toEqual(new Set([null]));
  });

  it('answers null for a job it does not know', async () => {
    expect(await queue.get('notify', 'nobody-added-this')).toBeNull();
  });
});

describe.each(DRIVERS)('JobQueue (%s) in a process that runs no workers', (driver) => {
  it('keeps jobs waiting instead of consuming them', async () => {
    const harness = open(driver, 'api');
    try {
      const handler = jest.fn(() => Promise.resolve());
      harness.queue.process('notify', handler);
      const id = await harness.queue.add('notify', notice(1));
      await sleep(300);
      expect(handler).not.toHaveBeenCalled();
      expect((await harness.queue.get('notify', id))?.state).toBe('waiting');
    } finally {
      await harness.close();
    }
  });
});

describe.each(DRIVERS)('JobQueue (%s) handlers', (driver) => {
  const handler = () => Promise.resolve();
  let harness: Harness;

  afterEach(async () => {
    await harness.close();
    expect(harness.errors).toEqual([]);
  });

  it('refuses a second handler for a job', () => {
    harness = open(driver);
    harness.queue.process('notify', handler);
    expect(() => harness.queue.process('notify', handler)).toThrow(
      'a handler for "notify" jobs is already registered',
    );
  });

  it('fails the check while a declared job has no handler, and passes once each has one', () => {
    harness = open(driver);
    for (const name of JOB_NAMES.filter((name) => name !== 'notify')) harness.queue.process(name, handler);
    expect(() => harness.queue.assertEveryJobHandled()).toThrow('no handler for "notify" jobs');
    harness.queue.process('notify', handler);
    expect(() => harness.queue.assertEveryJobHandled()).not.toThrow();
  });

  it('passes the check in a process that runs no workers', () => {
    harness = open(driver, 'api');
    expect(() => harness.queue.assertEveryJobHandled()).not.toThrow();
  });
});

describe.each(DRIVERS)('JobQueue (%s) workers', (driver) => {
  const handler = () => Promise.resolve();

  it('says which queues a running worker consumes', async () => {
    const worker = open(driver);
    try {
      worker.queue.process('notify', handler);
      // The beat and the question go down one connection in order: no wait needed.
      expect(await worker.queue.hasWorker('notify')).toBe(true);
      expect(await worker.queue.hasWorker('channel-test')).toBe(false);
      expect(worker.queue.readiness()).toEqual({ connection: 'ok', workers: 'running' });
    } finally {
      await worker.close();
    }
    expect(worker.errors).toEqual([]);
  });

  it('answers "none" for a process that consumes nothing', async () => {
    const api = open(driver, 'api');
    try {
      api.queue.process('notify', handler);
      expect(await api.queue.hasWorker('notify')).toBe(false);
      expect(api.queue.readiness()).toEqual({ connection: 'ok', workers: 'none' });
    } finally {
      await api.close();
    }
  });
});

describe('JobQueue (bullmq) workers across processes', () => {
  it("lets a replica that runs no workers see another one's worker, gone as soon as it closes", async () => {
    const prefix = testPrefix();
    const api = open('bullmq', 'api', prefix);
    const worker = open('bullmq', 'worker', prefix);
    try {
      expect(await api.queue.hasWorker('notify')).toBe(false);
      worker.queue.process('notify', () => Promise.resolve());
      await waitFor('the worker to announce itself', () => api.queue.hasWorker('notify'));
      await worker.close();
      expect(await api.queue.hasWorker('notify')).toBe(false);
    } finally {
      await api.close();
    }
  });
});
