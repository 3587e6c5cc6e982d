import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { AppConfig, type AppRole } from '../config/app-config';

// Test-only helpers for the specs that run each port against real Redis and against its in-process twin.

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type TestBackend = 'memory' | 'redis';
export const TEST_BACKENDS: TestBackend[] = ['memory', 'redis'];

/** A key prefix of its own for each test file (or test), so runs never see each other's keys. */
export const testPrefix = (): string => `tgtest:${randomBytes(5).toString('hex')}:`;

export function testConfig(redisUrl: string | undefined, prefix: string, role: AppRole = 'all'): AppConfig {
  return new AppConfig(
    3000,
    undefined,
    redisUrl,
    '/tmp',
    'x'.repeat(32),
    'y'.repeat(32),
    role,
    'silent',
    prefix,
    undefined,
    'test',
  );
}

/** Deletes every key under the prefix; SCAN rather than KEYS so a shared Redis is never blocked. */
export async function deleteKeys(prefix: string): Promise<void> {
  const client = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await client.quit();
  }
}

/**
 * Polls until the check passes; fails with `what` after timeoutMs. The default allows for a 2-core CI host
 * running two jest workers beside Redis (a pub/sub delivery once took over 5 s there).
 */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
