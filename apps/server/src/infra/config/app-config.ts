import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { TASK_POLL_INTERVAL_SECONDS } from '@tollgate/contracts';
import {
  DEFAULT_CRITICAL_RATE_LIMIT,
  DEFAULT_IDENTITY_CONFIG,
  DEFAULT_PROVIDER_BASES,
  type IdentityConfig,
  providerEndpoints,
} from './identity-config';

export const APP_ROLES = ['all', 'api', 'worker'] as const;
export type AppRole = (typeof APP_ROLES)[number];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Background channel work (reference §6): schedules in minutes (0 = off) and the gap between two tests. */
export interface ChannelOpsConfig {
  testEveryMinutes: number;
  balanceEveryMinutes: number;
  testGapMs: number;
}

export const DEFAULT_CHANNEL_OPS_CONFIG: ChannelOpsConfig = {
  testEveryMinutes: 0,
  balanceEveryMinutes: 0,
  testGapMs: 0,
};

// Sockets the relay may open to one provider origin (each concurrent call or stream holds one); calls beyond it
// wait for a free socket.
export const DEFAULT_UPSTREAM_CONNECTIONS_PER_ORIGIN = 4096;
// On SIGTERM, calls already running get this long to finish before their connections are closed.
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 25;

/** Where Prometheus scrapes `GET /metrics`: a port of its own, never the public one; off unless a port is set. */
export interface MetricsConfig {
  /** null = no metrics endpoint (the default); 0 = any free port (tests). */
  port: number | null;
  host: string;
}

export const DEFAULT_METRICS_CONFIG: MetricsConfig = { port: null, host: '127.0.0.1' };

/** The one typed configuration object, built once at boot. Nothing else reads process.env. */
export class AppConfig {
  constructor(
    readonly port: number,
    readonly databaseUrl: string | undefined,
    readonly redisUrl: string | undefined,
    readonly dataDir: string,
    readonly sessionSecret: string,
    readonly cryptoSecret: string,
    readonly appRole: AppRole,
    readonly logLevel: LogLevel,
    /** Prefix for every Redis key and queue name; tests give each file its own. */
    readonly redisPrefix: string,
    /** Folder of the built console; absent in API-only test runs. */
    readonly webDistDir: string | undefined,
    readonly version: string,
    /** Third-party identity endpoints and the per-address limit on critical auth calls. */
    readonly identity: IdentityConfig = DEFAULT_IDENTITY_CONFIG,
    readonly channelOps: ChannelOpsConfig = DEFAULT_CHANNEL_OPS_CONFIG,
    readonly upstreamConnectionsPerOrigin: number = DEFAULT_UPSTREAM_CONNECTIONS_PER_ORIGIN,
    readonly shutdownGraceSeconds: number = DEFAULT_SHUTDOWN_GRACE_SECONDS,
    /** APP_ROLE=worker only: the port of its /healthz and /readyz (it opens no other); unset = none. */
    readonly healthPort: number | undefined = undefined,
    readonly metrics: MetricsConfig = DEFAULT_METRICS_CONFIG,
    /** Seconds between two runs of the Midjourney/Suno task poller. */
    readonly taskPollSeconds: number = TASK_POLL_INTERVAL_SECONDS,
  ) {}

  get databaseType(): 'postgres' | 'sqlite' {
    return this.databaseUrl ? 'postgres' : 'sqlite';
  }

  get runsWorkers(): boolean {
    return this.appRole !== 'api';
  }

  get servesHttp(): boolean {
    return this.appRole !== 'worker';
  }
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function parsePort(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new ConfigError(`${name} must be 1-65535, got "${raw}"`);
  return port;
}

/**
 * A worker consumes the queues other replicas fill, which only Redis shares; its probes are on HEALTH_PORT.
 * HTTP roles serve them on PORT, so HEALTH_PORT anywhere else is a mistake said at boot.
 */
function checkRole(role: AppRole, redisUrl: string | undefined, healthPort: number | undefined): void {
  if (role === 'worker' && !redisUrl)
    throw new ConfigError('APP_ROLE=worker needs REDIS_URL: a worker consumes the queues shared in Redis');
  if (role !== 'worker' && healthPort !== undefined)
    throw new ConfigError(
      `HEALTH_PORT is for APP_ROLE=worker; APP_ROLE=${role} serves /healthz and /readyz on PORT`,
    );
}

function parseMetrics(env: Env, taken: Array<number | undefined>): MetricsConfig {
  const metricsPort = parsePort('METRICS_PORT', env.METRICS_PORT) ?? null;
  if (metricsPort !== null && taken.includes(metricsPort))
    throw new ConfigError(
      'METRICS_PORT must differ from PORT and HEALTH_PORT: metrics stay off the public port',
    );
  return { port: metricsPort, host: env.METRICS_HOST || DEFAULT_METRICS_CONFIG.host };
}

function parseUrl(name: string, raw: string | undefined, schemes: string[]): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!schemes.includes(url.protocol)) throw new ConfigError(`${name} must use ${schemes.join(' or ')}`);
  return raw;
}

function parseCount(name: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min)
    throw new ConfigError(`${name} must be a whole number >= ${min}`);
  return value;
}

function parseIdentity(env: Env): IdentityConfig {
  const base = (name: string, fallback: string) => parseUrl(name, env[name], ['http:', 'https:']) ?? fallback;
  const d = DEFAULT_PROVIDER_BASES;
  const limit = DEFAULT_CRITICAL_RATE_LIMIT;
  return {
    endpoints: providerEndpoints({
      turnstileVerifyUrl: base('TURNSTILE_VERIFY_URL', d.turnstileVerifyUrl),
      githubOAuthUrl: base('GITHUB_OAUTH_URL', d.githubOAuthUrl),
      githubApiUrl: base('GITHUB_API_URL', d.githubApiUrl),
      linuxDoUrl: base('LINUXDO_URL', d.linuxDoUrl),
    }),
    criticalRateLimit: {
      limit: parseCount('CRITICAL_RATE_LIMIT', env.CRITICAL_RATE_LIMIT, limit.limit),
      windowSeconds: parseCount(
        'CRITICAL_RATE_LIMIT_WINDOW',
        env.CRITICAL_RATE_LIMIT_WINDOW,
        limit.windowSeconds,
        1,
      ),
    },
  };
}

function parseChannelOps(env: Env): ChannelOpsConfig {
  return {
    testEveryMinutes: parseCount('CHANNEL_TEST_FREQUENCY', env.CHANNEL_TEST_FREQUENCY, 0),
    balanceEveryMinutes: parseCount('CHANNEL_UPDATE_FREQUENCY', env.CHANNEL_UPDATE_FREQUENCY, 0),
    testGapMs: parseCount('POLLING_INTERVAL', env.POLLING_INTERVAL, 0) * 1000,
  };
}

function parseChoice<T extends string>(
  name: string,
  raw: string | undefined,
  choices: readonly T[],
  fallback: T,
): T {
  if (!raw) return fallback;
  if (!(choices as readonly string[]).includes(raw))
    throw new ConfigError(`${name} must be one of ${choices.join(', ')}`);
  return raw as T;
}

/** A secret from the environment, else one generated on first run and kept in DATA_DIR so restarts keep sessions. */
function secret(name: string, raw: string | undefined, dataDir: string): string {
  if (raw) {
    if (raw.length < 16) throw new ConfigError(`${name} must be at least 16 characters`);
    return raw;
  }
  const file = join(dataDir, `.${name.toLowerCase().replace(/_/g, '-')}`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const generated = randomBytes(32).toString('hex');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

/** The built console sits at apps/web/dist of the checkout (or image) this server runs from. */
function findWebDist(from: string): string | undefined {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'apps/web/dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

/** The product version: the root package.json of the checkout or image this code runs from. */
export function readVersion(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'tollgate' && pkg.version) return pkg.version;
  }
  return '0.0.0';
}

export function loadConfig(env: Env, version: string, cwd = process.cwd()): AppConfig {
  const dataDirRaw = env.DATA_DIR || './data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  mkdirSync(dataDir, { recursive: true });
  const redisUrl = parseUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']);
  const appRole = parseChoice('APP_ROLE', env.APP_ROLE, APP_ROLES, 'all');
  const healthPort = parsePort('HEALTH_PORT', env.HEALTH_PORT);
  checkRole(appRole, redisUrl, healthPort);
  return new AppConfig(
    parsePort('PORT', env.PORT) ?? 3000,
    parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    redisUrl,
    dataDir,
    secret('SESSION_SECRET', env.SESSION_SECRET, dataDir),
    secret('CRYPTO_SECRET', env.CRYPTO_SECRET, dataDir),
    appRole,
    parseChoice('LOG_LEVEL', env.LOG_LEVEL, LOG_LEVELS, 'info'),
    env.REDIS_PREFIX || 'tollgate:',
    findWebDist(__dirname),
    version,
    parseIdentity(env),
    parseChannelOps(env),
    parseCount(
      'UPSTREAM_CONNECTIONS_PER_ORIGIN',
      env.UPSTREAM_CONNECTIONS_PER_ORIGIN,
      DEFAULT_UPSTREAM_CONNECTIONS_PER_ORIGIN,
      1,
    ),
    parseCount('SHUTDOWN_GRACE_SECONDS', env.SHUTDOWN_GRACE_SECONDS, DEFAULT_SHUTDOWN_GRACE_SECONDS),
    healthPort,
    parseMetrics(env, [parsePort('PORT', env.PORT) ?? 3000, healthPort]),
    // A claimed task is left alone for the interval less a second: at least 2 s.
    parseCount('TASK_POLL_INTERVAL', env.TASK_POLL_INTERVAL, TASK_POLL_INTERVAL_SECONDS, 2),
  );
}
