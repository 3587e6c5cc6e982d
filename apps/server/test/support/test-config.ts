import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AppConfig,
  type AppRole,
  type ChannelOpsConfig,
  type MetricsConfig,
} from '../../src/infra/config/app-config';
import {
  type CriticalRateLimit,
  DEFAULT_IDENTITY_CONFIG,
  type ProviderEndpoints,
} from '../../src/infra/config/identity-config';
import { uniquePrefix } from './test-databases';

export interface TestBackends {
  databaseUrl?: string;
  redisUrl?: string;
}

/** A config like production's, with a throwaway data dir and a Redis prefix of its own. */
export interface TestConfigOverrides {
  redisPrefix?: string;
  webDistDir?: string;
  /** Third-party endpoints pointed at local fakes. */
  endpoints?: Partial<ProviderEndpoints>;
  /** Production allows 20 critical calls per 20 min per address; suites sign in more often from one address. */
  criticalRateLimit?: CriticalRateLimit;
  /** Channel test / balance schedules and the gap between tests (all off by default). */
  channelOps?: ChannelOpsConfig;
  /** The metrics endpoint (off by default, as in production). */
  metrics?: MetricsConfig;
  /** `api` for a replica that leaves the queues to a worker process. */
  appRole?: AppRole;
}

const TEST_CRITICAL_RATE_LIMIT: CriticalRateLimit = { limit: 10_000, windowSeconds: 1200 };

export function testConfig(backends: TestBackends, overrides: TestConfigOverrides = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-test-'));
  return new AppConfig(
    0,
    backends.databaseUrl,
    backends.redisUrl,
    dataDir,
    'test-session-secret-'.padEnd(40, 'x'),
    'test-crypto-secret-'.padEnd(40, 'y'),
    overrides.appRole ?? 'all',
    'silent',
    overrides.redisPrefix ?? uniquePrefix(),
    overrides.webDistDir,
    '0.0.0-test',
    {
      endpoints: { ...DEFAULT_IDENTITY_CONFIG.endpoints, ...overrides.endpoints },
      criticalRateLimit: overrides.criticalRateLimit ?? TEST_CRITICAL_RATE_LIMIT,
    },
    overrides.channelOps,
    undefined,
    undefined,
    undefined,
    overrides.metrics,
  );
}
