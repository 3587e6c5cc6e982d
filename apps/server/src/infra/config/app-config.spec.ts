import { tmpdir } from 'node:os';
import { loadConfig } from './app-config';

// Secrets given and an existing data dir: loading writes nothing.
const BASE = { DATA_DIR: tmpdir(), SESSION_SECRET: 's'.repeat(32), CRYPTO_SECRET: 'c'.repeat(32) };
const load = (env: Record<string, string>) => loadConfig({ ...BASE, ...env }, 'test');

describe('loadConfig roles', () => {
  it('refuses a worker without REDIS_URL, saying why', () => {
    expect(() => load({ APP_ROLE: 'worker' })).toThrow(
      'APP_ROLE=worker needs REDIS_URL: a worker consumes the queues shared in Redis',
    );
  });

  it("gives a worker HEALTH_PORT for its probes, and no port when it's unset", () => {
    const worker = { APP_ROLE: 'worker', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(load({ ...worker, HEALTH_PORT: '3001' }).healthPort).toBe(3001);
    expect(load(worker).healthPort).toBeUndefined();
    expect(() => load({ ...worker, HEALTH_PORT: '70000' })).toThrow(
      'HEALTH_PORT must be 1-65535, got "70000"',
    );
  });

  it('refuses HEALTH_PORT on roles that serve their probes on PORT', () => {
    for (const role of ['all', 'api']) {
      expect(() => load({ APP_ROLE: role, HEALTH_PORT: '3001' })).toThrow(
        `HEALTH_PORT is for APP_ROLE=worker; APP_ROLE=${role} serves /healthz and /readyz on PORT`,
      );
    }
  });
});

describe('loadConfig task poll interval', () => {
  it('polls tasks every 15 s unless TASK_POLL_INTERVAL says otherwise, and never under 2 s', () => {
    expect(load({}).taskPollSeconds).toBe(15);
    expect(load({ TASK_POLL_INTERVAL: '3' }).taskPollSeconds).toBe(3);
    expect(() => load({ TASK_POLL_INTERVAL: '1' })).toThrow('TASK_POLL_INTERVAL must be a whole number >= 2');
  });
});
