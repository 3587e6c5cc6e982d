import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '../../src/infra/config/app-config';
import { uniquePrefix } from './test-databases';

export interface TestBackends {
  databaseUrl?: string;
  redisUrl?: string;
}

/** A config like production's, with a throwaway data dir and a Redis prefix of its own. */
export interface TestConfigOverrides {
  redisPrefix?: string;
  webDistDir?: string;
}

export function testConfig(backends: TestBackends, overrides: TestConfigOverrides = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-test-'));
  return new AppConfig(
    0,
    backends.databaseUrl,
    backends.redisUrl,
    dataDir,
    'test-session-secret-'.padEnd(40, 'x'),
    'test-crypto-secret-'.padEnd(40, 'y'),
    'all',
    'silent',
    overrides.redisPrefix ?? uniquePrefix(),
    overrides.webDistDir,
    '0.0.0-test',
  );
}
