// The run's results as markdown tables, then one PASS/FAIL line per target of the issue.
import { type LoadResult } from './load';
import { type OpenStreamsResult } from './open-streams';
import { type LatencySummary } from './stats';
import { type Mode } from './targets';

export const MOCK = 'mock direct';
export const BARE = 'bare proxy';
export const GATEWAY = 'gateway';

export interface MatrixCell {
  target: string;
  mode: Mode;
  single: LoadResult;
  concurrent: LoadResult;
  /** RSS of the process that answered, after its runs of this mode. */
  rssBytes: number;
}

export interface BenchResults {
  connections: number;
  cells: MatrixCell[];
  firstByte: Array<{ target: string; latency: LatencySummary }>;
  streams: OpenStreamsResult | { skipped: string };
}

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const TARGET_THROUGHPUT_SHARE = 0.7;
const TARGET_ADDED_P50_MS = 0.35;
const TARGET_FIRST_BYTE_ADDED_MS = 1;
const TARGET_STALL_MS = 50;

const ms = (value: number, digits = 2): string => `${value.toFixed(digits)} ms`;
const mib = (bytes: number): string => `${Math.round(bytes / MIB)} MiB`;
const verdict = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function matrixTable(results: BenchResults): string[] {
  const c = results.connections;
  const lines = [
    row([
      'target',
      'mode',
      `req/s c=${c}`,
      `CPU/req c=${c}`,
      'p50 c=1',
      'p99 c=1',
      `p50 c=${c}`,
      `p99 c=${c}`,
      'RSS after',
    ]),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const cell of results.cells) {
    lines.push(
      row([
        cell.target,
        cell.mode,
        Math.round(cell.concurrent.requestsPerSecond).toLocaleString('en-US'),
        `${Math.round(cell.concurrent.cpuMicrosPerRequest)} µs`,
        ms(cell.single.latency.p50, 3),
        ms(cell.single.latency.p99, 3),
        ms(cell.concurrent.latency.p50),
        ms(cell.concurrent.latency.p99),
        mib(cell.rssBytes),
      ]),
    );
  }
  return lines;
}

function firstByteTable(results: BenchResults): string[] {
  const lines = [row(['stream first byte', 'p50', 'p99']), row(['---', '---:', '---:'])];
  for (const { target, latency } of results.firstByte)
    lines.push(row([target, ms(latency.p50, 3), ms(latency.p99, 3)]));
  return lines;
}

function streamsTable(s: OpenStreamsResult): string[] {
  return [
    row([
      'open streams',
      'first byte received',
      'seconds to open',
      'still open after hold',
      'gateway RSS (hold)',
    ]),
    row(['---:', '---:', '---:', '---:', '---:']),
    row([
      String(s.requested),
      String(s.opened),
      s.secondsToOpen.toFixed(1),
      String(s.openAtEnd),
      mib(s.holdRssBytes),
    ]),
    '',
    row(['/healthz every 20 ms', 'p50', 'p99', 'max', 'polls']),
    row(['---', '---:', '---:', '---:', '---:']),
    row([
      'while opening',
      ms(s.healthRamp.p50),
      ms(s.healthRamp.p99),
      ms(s.healthRamp.max),
      String(s.healthRamp.count),
    ]),
    row([
      'while held',
      ms(s.healthHold.p50),
      ms(s.healthHold.p99),
      ms(s.healthHold.max),
      String(s.healthHold.count),
    ]),
  ];
}

function cellOf(results: BenchResults, target: string, mode: Mode): MatrixCell {
  const cell = results.cells.find((c) => c.target === target && c.mode === mode);
  if (!cell) throw new Error(`no ${target} ${mode} measurement`);
  return cell;
}

function verdicts(results: BenchResults): string[] {
  const lines: string[] = [];
  for (const mode of ['non-stream', 'stream'] as const) {
    const gateway = cellOf(results, GATEWAY, mode).concurrent.requestsPerSecond;
    const bare = cellOf(results, BARE, mode).concurrent.requestsPerSecond;
    const share = gateway / bare;
    lines.push(
      `${verdict(share >= TARGET_THROUGHPUT_SHARE)} ${mode} req/s at c=${results.connections}: gateway ${Math.round(gateway)} = ${(share * 100).toFixed(0)}% of the bare proxy's ${Math.round(bare)} (target ≥ 70%)`,
    );
    // On a shared machine req/s follow whatever CPU is left over; CPU per request does not.
    const cpu = (target: string) => cellOf(results, target, mode).concurrent.cpuMicrosPerRequest;
    lines.push(
      `     CPU per request: gateway ${Math.round(cpu(GATEWAY))} µs, bare proxy ${Math.round(cpu(BARE))} µs (bare/gateway = ${((cpu(BARE) / cpu(GATEWAY)) * 100).toFixed(0)}%)`,
    );
  }
  const added =
    cellOf(results, GATEWAY, 'non-stream').single.latency.p50 -
    cellOf(results, MOCK, 'non-stream').single.latency.p50;
  lines.push(
    `${verdict(added <= TARGET_ADDED_P50_MS)} added p50 at c=1 (non-stream, gateway − mock direct): ${ms(added, 3)} (target ≤ 0.35 ms)`,
  );
  const firstByte = (target: string) =>
    results.firstByte.find((f) => f.target === target)?.latency.p50 ?? Number.NaN;
  const addedFirstByte = firstByte(GATEWAY) - firstByte(MOCK);
  lines.push(
    `${verdict(addedFirstByte <= TARGET_FIRST_BYTE_ADDED_MS)} stream first byte added p50 (gateway − mock direct): ${ms(addedFirstByte, 3)} (target ≤ 1 ms)`,
  );
  const s = results.streams;
  if ('skipped' in s) {
    lines.push(`FAIL open streams not measured: ${s.skipped}`);
    return lines;
  }
  const allOpen = s.opened === s.requested && s.openAtEnd === s.requested;
  lines.push(
    `${verdict(allOpen && s.holdRssBytes < GIB)} ${s.requested} open streams: ${s.openAtEnd} held open, gateway RSS ${mib(s.holdRssBytes)} (target all open, < 1 GiB)`,
  );
  lines.push(
    `${verdict(s.healthHold.count > 0 && s.healthHold.max <= TARGET_STALL_MS && s.healthFailures === 0)} no gateway stall over 50 ms while held: /healthz max ${ms(s.healthHold.max)} (${s.healthHold.count} polls; ${s.healthFailures} failed in the whole phase)`,
  );
  return lines;
}

function warnings(results: BenchResults): string[] {
  const lines = results.cells.flatMap((cell) =>
    [cell.single, cell.concurrent]
      .filter((run) => run.failures > 0)
      .map(
        (run) => `! ${cell.target} ${cell.mode}: ${run.failureDetail} — that run is not a clean measurement`,
      ),
  );
  if (!('skipped' in results.streams) && results.streams.failureDetail !== '')
    lines.push(`! open streams: ${results.streams.failureDetail}`);
  return lines;
}

export function renderReport(results: BenchResults): string {
  const streams =
    'skipped' in results.streams
      ? [`Open streams: skipped (${results.streams.skipped}).`]
      : streamsTable(results.streams);
  return [
    ...matrixTable(results),
    '',
    ...firstByteTable(results),
    '',
    ...streams,
    '',
    ...warnings(results),
    ...verdicts(results),
  ].join('\n');
}
