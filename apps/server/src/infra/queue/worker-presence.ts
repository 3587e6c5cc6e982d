import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Redis } from 'ioredis';
import { type JobName } from './job-registry';

// A consuming process says which queues it serves this often; one silent for the window counts as gone
// (a killed worker is missed within WORKER_PRESENCE_MS, a stopped one at once: it takes itself out).
export const WORKER_BEAT_MS = 2_000;
export const WORKER_PRESENCE_MS = 6_000;

// Scores are Redis's clock, so workers and API replicas on hosts whose clocks disagree still agree.
const NOW_MS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

// ARGV: worker id, presence window (ms). Stale members go on every beat; a set nobody beats into expires.
const BEAT = `${NOW_MS}
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[1])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - tonumber(ARGV[2]))
  redis.call('PEXPIRE', key, ARGV[2])
end
return now`;

const COUNT = `${NOW_MS}
return redis.call('ZCOUNT', KEYS[1], now - tonumber(ARGV[1]), '+inf')`;

interface PresenceScripts {
  // numberOfKeys, the keys, then the worker id and the window.
  tollgateWorkerBeat(...args: Array<string | number>): Promise<number>;
  tollgateWorkerCount(key: string, windowMs: number): Promise<number>;
}

/**
 * Workers announce themselves in Redis: one sorted set per queue (`{prefix}workers:{queue}`), members are
 * worker ids (host:pid:random) scored by their last beat. API replicas count the live members of a queue's
 * set to tell the console that a job waits for a worker that isn't there.
 */
export class RedisWorkerPresence {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly client: Redis & PresenceScripts;
  private timer: NodeJS.Timeout | undefined;
  private served: JobName[] = [];

  constructor(
    client: Redis,
    private readonly prefix: string,
    private readonly onBeatError: (error: Error) => void,
  ) {
    client.defineCommand('tollgateWorkerBeat', { lua: BEAT });
    client.defineCommand('tollgateWorkerCount', { numberOfKeys: 1, lua: COUNT });
    // defineCommand adds the methods at runtime; this is their typed face.
    this.client = client as Redis & PresenceScripts;
  }

  /** Beats now and every WORKER_BEAT_MS for the queues `serving()` names (the workers running right now). */
  start(serving: () => JobName[]): void {
    if (this.timer) return;
    const beat = () => {
      this.served = serving();
      if (this.served.length === 0) return;
      const keys = this.served.map((name) => this.key(name));
      this.client
        .tollgateWorkerBeat(keys.length, ...keys, this.id, WORKER_PRESENCE_MS)
        .catch((error: Error) => this.onBeatError(error));
    };
    beat();
    this.timer = setInterval(beat, WORKER_BEAT_MS).unref();
  }

  /** Stops beating and takes this worker out at once (best effort: without Redis it just expires). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const served = this.served;
    this.served = [];
    await Promise.all(served.map((name) => this.client.zrem(this.key(name), this.id))).catch(() => undefined);
  }

  /** Workers of this queue that beat within the presence window. */
  count(name: JobName): Promise<number> {
    return this.client.tollgateWorkerCount(this.key(name), WORKER_PRESENCE_MS);
  }

  private key(name: JobName): string {
    return `${this.prefix}workers:${name}`;
  }
}
