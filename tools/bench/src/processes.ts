// Child processes of a run (gateway, mock upstreams, bare proxy, Portkey): started, watched, measured, stopped.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Cleanup } from './cleanup';

const KEPT_OUTPUT_LINES = 40;
const STOP_GRACE_MS = 10_000;

export class BenchChild {
  /** Lines the child wrote (stdout and stderr), for a diagnosis when it fails. */
  readonly recentOutput: string[] = [];
  private lines = 0;
  private exited = false;
  private readonly waiters = new Set<(line: string) => void>();

  constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    // One collector per pipe, each keeping the unfinished last line of its own chunks.
    const collector = () => {
      let partial = '';
      return (chunk: Buffer): void => {
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) if (line.trim() !== '') this.addLine(line);
      };
    };
    child.stdout?.on('data', collector());
    child.stderr?.on('data', collector());
    child.once('exit', () => {
      this.exited = true;
    });
  }

  private addLine(line: string): void {
    this.lines += 1;
    this.recentOutput.push(line);
    if (this.recentOutput.length > KEPT_OUTPUT_LINES) this.recentOutput.shift();
    for (const waiter of this.waiters) waiter(line);
  }

  /** How many lines the child has written so far. */
  get outputLines(): number {
    return this.lines;
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} has no pid`);
    return this.child.pid;
  }

  get running(): boolean {
    return !this.exited;
  }

  /** Resolves with the first output line matching the pattern; rejects if the child exits or takes too long. */
  async waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    let found: RegExpMatchArray | null = null;
    const waiter = (line: string): void => {
      found ??= pattern.exec(line);
    };
    this.waiters.add(waiter);
    try {
      const deadline = Date.now() + timeoutMs;
      while (found === null && !this.exited && Date.now() < deadline) await sleep(20);
    } finally {
      this.waiters.delete(waiter);
    }
    if (found !== null) return found;
    throw new Error(`${this.name} did not print ${String(pattern)}\n${this.recentOutput.join('\n')}`);
  }

  /** SIGTERM (the gateway flushes its ledger and log batches), SIGKILL if it lingers. */
  async stop(): Promise<void> {
    if (this.exited) return;
    const exit = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_GRACE_MS);
    await exit;
    clearTimeout(timer);
  }
}

export interface NodeLaunch {
  /** Flags for node itself, before the script. */
  nodeArgs?: string[];
  /** Arguments after the script. */
  scriptArgs?: string[];
  /** Inherited variables the child must not see (a third-party server reads some on its own). */
  unset?: string[];
}

export function startNode(
  name: string,
  script: string,
  env: Record<string, string>,
  launch: NodeLaunch = {},
): BenchChild {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const variable of launch.unset ?? []) delete childEnv[variable];
  const args = [...(launch.nodeArgs ?? []), script, ...(launch.scriptArgs ?? [])];
  const child = spawn(process.execPath, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  return new BenchChild(name, child);
}

/** A port nobody listens on right now (the gateway reads PORT and cannot report a port of its choice). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/** Resident set size (VmRSS) of a process, in bytes. */
export function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

// USER_HZ: /proc reports CPU time in these ticks; Linux fixes it at 100 for user space on every architecture.
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, all threads) the process has used so far. */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name (which may hold spaces): utime and stime are 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** The soft limit on open files, which every child inherits. */
export function openFilesLimit(): number {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
  if (!match) throw new Error('no open-files limit in /proc/self/limits');
  return match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
}

// What the mock upstream and the bare proxy print once they accept connections.
const LISTENING = /listening on (http:\/\/[\d.]+:\d+)/;
const LISTEN_TIMEOUT_MS = 60_000;

/** Starts a server that prints "listening on <origin>", stopped by `cleanup`; answers it with that origin. */
export async function startListening(
  cleanup: Cleanup,
  name: string,
  script: string,
  env: Record<string, string>,
  timeoutMs = LISTEN_TIMEOUT_MS,
): Promise<{ child: BenchChild; origin: string }> {
  const child = startNode(name, script, env);
  cleanup.add(`stop ${name}`, () => child.stop());
  const [, origin] = await child.waitForLine(LISTENING, timeoutMs);
  return { child, origin };
}
