import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BilledDeployment, call, prepareDeployment } from './support/billed-deployment';
import { freePort, type ServerProcess, spawnServer } from './support/server-process';
import { createPostgresDatabase } from './support/test-databases';

// The balancer configuration compose ships, run as it is by Debian's caddy with the replicas' addresses.
const CADDYFILE = join(__dirname, '../../../docker/Caddyfile');
const CLIENTS = 16;
const BOOT_TIMEOUT_MS = 15_000;
// Every test here boots the production build: on a busy 2-core CI host that can take far longer than 30 s.
jest.setTimeout(90_000);

interface Sent {
  startedAt: number;
  status: number;
}

interface Balancer {
  origin: string;
  stop(): Promise<void>;
}

async function startCaddy(upstreams: string[]): Promise<Balancer> {
  const port = await freePort();
  const home = mkdtempSync(join(tmpdir(), 'tollgate-caddy-'));
  const child: ChildProcess = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: home,
      XDG_DATA_HOME: home,
      LISTEN: `http://127.0.0.1:${port}`,
      API_UPSTREAMS: upstreams.join(' '),
    },
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const missing = new Promise<never>((_, reject) =>
    child.once('error', (error) =>
      reject(
        new Error(`caddy did not start (Debian package "caddy"; .ci/run installs it): ${error.message}`),
      ),
    ),
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGKILL');
    await exited;
    rmSync(home, { recursive: true, force: true });
  };
  for (const started = Date.now(); Date.now() - started < BOOT_TIMEOUT_MS;) {
    const ready = await Promise.race([
      fetch(`${origin}/readyz`).then(
        (response) => response.ok,
        () => false,
      ),
      missing,
    ]);
    if (ready) return { origin, stop };
    if (child.exitCode !== null) throw new Error(`caddy exited: ${output}`);
    await sleep(50);
  }
  await stop();
  throw new Error(`caddy did not answer within ${BOOT_TIMEOUT_MS} ms: ${output}`);
}

// Two replicas on one PostgreSQL and Redis behind docker/Caddyfile; one is SIGKILLed while 16 clients call the
// relay through the balancer. Calls the dead replica had received may fail; no call that started once it was
// dead may (the balancer had the other replica to send it to).
describe('the shipped Caddy balancer with a replica killed under load (full)', () => {
  let deployment: BilledDeployment;
  let drop: () => Promise<void>;
  let replicas: ServerProcess[] = [];
  let balancer: Balancer | undefined;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    deployment = await prepareDeployment('full', database.url);
    replicas = await Promise.all([spawnServer(deployment.config), spawnServer(deployment.config)]);
    balancer = await startCaddy(replicas.map((replica) => new URL(replica.origin).host));
  });
  afterAll(async () => {
    await balancer?.stop();
    for (const replica of replicas) replica.signal('SIGKILL');
    await Promise.all(replicas.map((replica) => replica.exited));
    await deployment.mock.close();
    await drop();
  });

  it('sends every call that starts after the kill to the surviving replica', async () => {
    const origin = balancer?.origin ?? '';
    const [survivor, victim] = replicas;
    const sent: Sent[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        const startedAt = Date.now();
        const { status } = await call(origin, deployment.key);
        sent.push({ startedAt, status });
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, client));
    await sleep(1500);
    victim.signal('SIGKILL');
    await victim.exited;
    const deadAt = Date.now();
    await sleep(3000);
    running = false;
    await load;

    const before = sent.filter((one) => one.startedAt < deadAt);
    const after = sent.filter((one) => one.startedAt >= deadAt);
    expect(before.filter((one) => one.status === 200).length).toBeGreaterThan(CLIENTS);
    expect(after.length).toBeGreaterThan(CLIENTS);
    // Calls started before may fail: those the victim had received (being answered, or written into a
    // kept-alive connection to it) die with it, and so does one sent to it in the instant before Caddy saw it
    // die (Caddy cannot send a body twice: docker/Caddyfile).
    expect(after.filter((one) => one.status !== 200)).toEqual([]);
    expect((await fetch(`${survivor.origin}/readyz`)).status).toBe(200);
  });
});
