// `npm run bench:drain -- [BUILD/main.js …]`: the CPU a gateway spends applying its charge journal to the
// database (reading the charges back from Redis, one transaction per 500 with their log rows, acknowledging
// them), per charge. That work runs once a second in the background and `npm run bench` counts it inside each
// call's CPU, where no profile separates it from the relay's own; here it is measured alone. Each build in
// turn: its calls fill the journal while the benchmark holds the drain lock, then the lock is let go and the
// CPU of the process, of Redis and of the database's server processes (those two when on this machine) is read
// until the journal is empty.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { Client } from 'pg';
import { Cleanup } from './cleanup';
import { BENCH_MODEL, provisionGateway } from './gateway-admin';
import { runLoad } from './load';
import { OrdinaryPayer } from './ordinary-payer';
import { cpuSecondsOf } from './processes';
import { type Replica, REDIS_URL, ROOT, startDeployment, startReplica } from './replicas';
import { summarize } from './stats';
import { bearer } from './targets';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FILL_SECONDS = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
// Ordinary payers the calls go round (each a user and a token): a batch's rows to update grow with them.
const PAYERS = Number(process.env.BENCH_DRAIN_PAYERS ?? 1);
const WARMUP_SECONDS = 3;
// The gateway's fixed key prefix (AppConfig) and the journal's keys under it (RedisLedgerJournal).
const JOURNAL_KEY = 'tollgate:ledger:journal';
const DRAIN_LOCK_KEY = 'tollgate:ledger:drain-lock';
const LOCK_HOLDER = 'bench:drain';
const POLL_MS = 20;
const DRAIN_TIMEOUT_MS = 120_000;

interface DrainRun {
  charges: number;
  cpuMicrosPerCharge: number;
  /** Redis's own CPU for the drain's commands and scripts, when Redis runs on this machine. */
  redisMicrosPerCharge: number | null;
  /** The CPU of the database's backends (the transactions, log rows and indexes), when it is on this machine. */
  postgresMicrosPerCharge: number | null;
  seconds: number;
}

// Redis's process, when it is on this machine: scripts moved from the gateway into Redis are not free.
async function redisPidOf(redis: Redis): Promise<number | null> {
  const pid = Number(/^process_id:(\d+)/m.exec(await redis.info('server'))?.[1]);
  return existsSync(`/proc/${pid}/stat`) ? pid : null;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

// The server processes serving the benchmark's database (the gateway's pool), when PostgreSQL is on this
// machine; the caller's own connection excluded.
async function postgresBackendsOf(databaseUrl: string): Promise<number[] | null> {
  if (!LOOPBACK.has(new URL(databaseUrl).hostname)) return null;
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

// A backend that exits meanwhile counts nothing of this drain (its last CPU reading is lost with it).
function cpuSecondsOfAll(pids: number[]): number[] {
  return pids.map((pid) => (existsSync(`/proc/${pid}/stat`) ? cpuSecondsOf(pid) : 0));
}

function postgresMicrosSince(pids: number[], before: number[]): number {
  return cpuSecondsOfAll(pids).reduce((sum, now, index) => sum + Math.max(0, now - before[index]), 0) * 1e6;
}

async function untilEmpty(redis: Redis): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while ((await redis.xlen(JOURNAL_KEY)) > 0) {
    if (Date.now() > deadline) throw new Error('the journal was not drained in time');
    await sleep(POLL_MS);
  }
}

// Taken between two drains (a drain holds the lock while it runs); the gateway's own drains then wait.
async function holdDrainLock(redis: Redis): Promise<void> {
  while ((await redis.set(DRAIN_LOCK_KEY, LOCK_HOLDER, 'PX', DRAIN_TIMEOUT_MS, 'NX')) !== 'OK')
    await sleep(5);
}

async function measure(
  replica: Replica,
  payers: OrdinaryPayer[],
  redis: Redis,
  redisPid: number | null,
  databaseUrl: string,
): Promise<DrainRun> {
  const target = {
    name: replica.name,
    origin: replica.origin,
    headers: bearer(payers[0].key),
    callers: payers.length > 1 ? payers.map((payer) => bearer(payer.key)) : undefined,
    pid: replica.child.pid,
  };
  // Warms the relay and the drain alike (these charges are drained as usual); the payers' balances are cached
  // in Redis by now, so no call needs the lock while it is held.
  await runLoad(target, BENCH_MODEL, 'non-stream', CONNECTIONS, WARMUP_SECONDS);
  await untilEmpty(redis);
  await holdDrainLock(redis);
  const load = await runLoad(target, BENCH_MODEL, 'non-stream', CONNECTIONS, FILL_SECONDS);
  if (load.failures > 0) throw new Error(`${replica.name}: ${load.failureDetail}`);
  const charges = await redis.xlen(JOURNAL_KEY);
  // Settlements still on their way have all landed: the answers came after them.
  const cpuBefore = cpuSecondsOf(replica.child.pid);
  const redisBefore = redisPid === null ? 0 : cpuSecondsOf(redisPid);
  const backends = await postgresBackendsOf(databaseUrl);
  const postgresBefore = backends === null ? [] : cpuSecondsOfAll(backends);
  const started = Date.now();
  await redis.del(DRAIN_LOCK_KEY);
  await untilEmpty(redis);
  const cpuMicros = (cpuSecondsOf(replica.child.pid) - cpuBefore) * 1e6;
  const redisMicros = redisPid === null ? null : (cpuSecondsOf(redisPid) - redisBefore) * 1e6;
  const postgresMicros = backends === null ? null : postgresMicrosSince(backends, postgresBefore);
  return {
    charges,
    cpuMicrosPerCharge: cpuMicros / charges,
    redisMicrosPerCharge: redisMicros === null ? null : redisMicros / charges,
    postgresMicrosPerCharge: postgresMicros === null ? null : postgresMicros / charges,
    seconds: (Date.now() - started) / 1000,
  };
}

const micros = (value: number | null): string => (value === null ? 'n/a' : `${value.toFixed(1)} µs`);

// Null when the process was not on this machine.
function median(values: Array<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : summarize(known).p50;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).map((path) => resolve(path));
  const builds = args.length > 0 ? args : [join(ROOT, 'apps/server/dist/main.js')];
  const missing = builds.find((path) => !existsSync(path));
  if (missing) throw new Error(`no build at ${missing} (npm run build, or give BUILD/main.js paths)`);
  const cleanup = new Cleanup();
  const redis = new Redis(REDIS_URL);
  cleanup.add('close Redis', () => redis.quit());
  try {
    const deployment = await startDeployment(cleanup);
    // Provisioned once; each build then runs alone on the same database, so only it drains.
    // Each payer signs in once to create its token: more sign-ins than the default limit lets one address make.
    const signIns = { ...deployment.env, CRITICAL_RATE_LIMIT: String(PAYERS + 20) };
    const first = await startReplica('setup', builds[0], { ...deployment, env: signIns }, cleanup);
    const { admin } = await provisionGateway(first.origin, deployment.mockOrigin, {
      upstreamUrls: [],
      headers: {},
    });
    // Their 2,000,000 quota each outlasts every round (a call costs 1), so none is topped up: the console
    // session it would need stops with the setup replica.
    const payers = [await OrdinaryPayer.create(admin)];
    while (payers.length < PAYERS) payers.push(await OrdinaryPayer.create(admin, `payer-${payers.length}`));
    await first.child.stop();
    console.log(
      `Drain cost: ${FILL_SECONDS} s of calls at c=${CONNECTIONS} (${PAYERS} ordinary payers, BENCH_DRAIN_PAYERS) fill the journal, then one ` +
        `replica drains it alone; ${ROUNDS} rounds (BENCH_ROUNDS)`,
    );
    const redisPid = await redisPidOf(redis);
    console.log(
      '| build | round | charges | drained in | gateway CPU per charge | Redis CPU per charge | PostgreSQL CPU per charge |\n' +
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    const runs = builds.map((): DrainRun[] => []);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [index, build] of builds.entries()) {
        const replica = await startReplica(`build ${index + 1}`, build, deployment, cleanup);
        const run = await measure(replica, payers, redis, redisPid, deployment.env.DATABASE_URL);
        await replica.child.stop();
        runs[index].push(run);
        console.log(
          `| ${build} | ${round} | ${run.charges} | ${run.seconds.toFixed(1)} s | ` +
            `${micros(run.cpuMicrosPerCharge)} | ${micros(run.redisMicrosPerCharge)} | ` +
            `${micros(run.postgresMicrosPerCharge)} |`,
        );
      }
    }
    console.log('\n| build | medians per charge: gateway | Redis | PostgreSQL |');
    console.log('| --- | ---: | ---: | ---: |');
    builds.forEach((build, index) => {
      const own = runs[index];
      console.log(
        `| ${build} | ${micros(median(own.map((run) => run.cpuMicrosPerCharge)))} | ` +
          `${micros(median(own.map((run) => run.redisMicrosPerCharge)))} | ` +
          `${micros(median(own.map((run) => run.postgresMicrosPerCharge)))} |`,
      );
    });
  } finally {
    await redis.del(DRAIN_LOCK_KEY).catch(() => 0);
    await cleanup.runAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
