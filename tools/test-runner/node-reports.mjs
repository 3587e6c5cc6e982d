// What keeps a stuck jest run alive, from Node's diagnostic reports: jest-run.mjs starts jest with
// --report-on-signal, so SIGUSR2 makes each node process of the run write its live handles (sockets, child
// processes, timers). A process that writes nothing has its event loop blocked (a synchronous wait or loop).
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const WAIT_MS = 5000;

/** One line per node process in the process group: what it is and the handles that keep it running. */
export async function nodeReports(groupId, dir) {
  const processes = nodeProcessesOf(groupId);
  for (const { pid } of processes) {
    try {
      process.kill(pid, 'SIGUSR2');
    } catch {
      // ended meanwhile
    }
  }
  let reports = new Map();
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; await sleep(200)) {
    reports = readReports(dir);
    if (processes.every(({ pid }) => reports.has(pid))) break;
  }
  const workers = new Set(processes.filter((p) => p.role === 'jest worker').map((p) => p.pid));
  const lines = processes.map(({ pid, role }) => {
    const report = reports.get(pid);
    if (!report)
      return `${role} (pid ${pid}) wrote no report within ${WAIT_MS / 1000} s: its event loop is blocked`;
    const handles = report.libuv
      .filter((handle) => handle.is_active && handle.is_referenced)
      .map((handle) => describeHandle(handle, workers))
      .filter(Boolean);
    return `${role} (pid ${pid}) open handles: ${handles.join(', ') || 'none'}`;
  });
  return lines.length > 0 ? [...lines, `(the full Node reports are in ${dir})`] : [];
}

/** Node processes of the group started with our NODE_OPTIONS (SIGUSR2 would end any other process). */
function nodeProcessesOf(groupId) {
  const found = [];
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const group = Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[2]);
      if (group !== groupId || !basename(realpathSync(`/proc/${entry}/exe`)).startsWith('node')) continue;
      if (!readFileSync(`/proc/${entry}/environ`, 'utf8').includes('--report-on-signal')) continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      found.push({ pid: Number(entry), role: roleOf(args) });
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return found;
}

function roleOf(args) {
  if (args.some((arg) => arg.includes('jest-worker'))) return 'jest worker';
  if (args.some((arg) => /jest[\\/]bin[\\/]jest/.test(arg))) return 'jest';
  return `node ${args.slice(1).join(' ')}`.slice(0, 80);
}

/** The newest report of each pid (report.<date>.<time>.<pid>.<thread>.<seq>.json). */
function readReports(dir) {
  const reports = new Map();
  for (const name of readdirSync(dir).sort()) {
    const pid = Number(name.split('.')[3]);
    try {
      reports.set(pid, JSON.parse(readFileSync(join(dir, name), 'utf8')));
    } catch {
      // still being written
    }
  }
  return reports;
}

function describeHandle(handle, workers) {
  const at = (end) => `${end.ip4 ?? end.ip6 ?? end.host}:${end.port}`;
  switch (handle.type) {
    case 'tcp':
    case 'udp':
      if (!handle.localEndpoint) return handle.type;
      if (!handle.remoteEndpoint) return `${handle.type} listening on ${at(handle.localEndpoint)}`;
      return `${handle.type} ${at(handle.localEndpoint)} → ${at(handle.remoteEndpoint)}`;
    case 'process':
      return workers.has(handle.pid) ? null : `child process ${handle.pid}`;
    case 'timer':
      return `timers (next in ${Math.max(0, Math.round(handle.firesInMsFromNow / 1000))} s)`;
    case 'fs_event':
    case 'fs_poll':
      return 'a file watcher';
    default:
      // pipes and terminals: jest's own output and worker channels
      return null;
  }
}
