// One PASS/FAIL line per target of the issues (21: the ordinary payer against Portkey and the bare proxy).
import {
  BARE,
  type BenchResults,
  GATEWAY_ORDINARY,
  GATEWAY_RICH,
  type MatrixCell,
  MOCK,
  PORTKEY,
} from './results';
import { type LoadResult } from './load';
import { type Mode } from './targets';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const TARGET_TIMES_PORTKEY = 5;
const TARGET_CPU_TIMES_BARE = 2;
const TARGET_ADDED_P50_MS = 0.35;
const TARGET_FIRST_BYTE_ADDED_MS = 0.35;
const TARGET_STALL_MS = 50;

export const ms = (value: number, digits = 2): string => `${value.toFixed(digits)} ms`;
export const mib = (bytes: number): string => `${Math.round(bytes / MIB)} MiB`;
const verdict = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');
const whole = (value: number): string => Math.round(value).toLocaleString('en-US');
const times = (value: number): string => `${value.toFixed(2)} ×`;

function cellOf(results: BenchResults, target: string, mode: Mode): MatrixCell | undefined {
  return results.cells.find((c) => c.target === target && c.mode === mode);
}

function measured(results: BenchResults, target: string, mode: Mode): MatrixCell {
  const cell = cellOf(results, target, mode);
  if (!cell) throw new Error(`no ${target} ${mode} measurement`);
  return cell;
}

/** A ratio taken within each round (the two ran minutes apart at most), then their median. */
function roundRatio(of: MatrixCell, to: MatrixCell, read: (result: LoadResult) => number) {
  const ratios = of.rounds.map((result, round) => read(result) / read(to.rounds[round]));
  const sorted = [...ratios].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  const detail =
    ratios.length === 1
      ? ''
      : ` (median of ${ratios.length} rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})`;
  return { median, detail };
}

/** Throughput against Portkey, then CPU per call against the bare proxy (req/s follow the CPU left over). */
function throughput(results: BenchResults, mode: Mode): string[] {
  const c = results.connections;
  const ordinaryCell = measured(results, GATEWAY_ORDINARY, mode);
  const bareCell = measured(results, BARE, mode);
  const portkeyCell = cellOf(results, PORTKEY, mode);
  const ordinary = ordinaryCell.concurrent;
  const rich = measured(results, GATEWAY_RICH, mode).concurrent;
  const bare = bareCell.concurrent;
  const lines: string[] = [];
  if (portkeyCell) {
    const portkey = portkeyCell.concurrent;
    const ratio = roundRatio(ordinaryCell, portkeyCell, (result) => result.requestsPerSecond);
    lines.push(
      `${verdict(ratio.median >= TARGET_TIMES_PORTKEY)} ${mode} req/s at c=${c}: ${GATEWAY_ORDINARY} ${whole(ordinary.requestsPerSecond)}, Portkey ${whole(portkey.requestsPerSecond)}: ${times(ratio.median)}${ratio.detail} (target ≥ ${TARGET_TIMES_PORTKEY} ×); rich payer ${whole(rich.requestsPerSecond)}, bare proxy ${whole(bare.requestsPerSecond)}`,
    );
  } else {
    lines.push(
      `FAIL ${mode} req/s at c=${c} against Portkey not measured: ${results.portkeySkipped ?? 'no Portkey rows'}`,
    );
  }
  const cpu = (us: number): string => `${whole(us)} µs`;
  const cpuRatio = roundRatio(ordinaryCell, bareCell, (result) => result.cpuMicrosPerRequest);
  const others = [`rich payer ${cpu(rich.cpuMicrosPerRequest)}`];
  if (portkeyCell) others.push(`Portkey ${cpu(portkeyCell.concurrent.cpuMicrosPerRequest)}`);
  lines.push(
    `${verdict(cpuRatio.median <= TARGET_CPU_TIMES_BARE)} ${mode} CPU per call at c=${c}: ${GATEWAY_ORDINARY} ${cpu(ordinary.cpuMicrosPerRequest)}, bare proxy ${cpu(bare.cpuMicrosPerRequest)}: ${times(cpuRatio.median)}${cpuRatio.detail} (target ≤ ${TARGET_CPU_TIMES_BARE} ×); ${others.join(', ')}`,
  );
  return lines;
}

/** What a target adds over calling the mock directly, for the rich payer and Portkey too. */
function addedOverMock(results: BenchResults, read: (target: string) => number | undefined) {
  const mock = read(MOCK) ?? Number.NaN;
  const added = (target: string): number => (read(target) ?? Number.NaN) - mock;
  const others = [`rich payer ${ms(added(GATEWAY_RICH), 3)}`];
  if (read(PORTKEY) !== undefined) others.push(`Portkey ${ms(added(PORTKEY), 3)}`);
  return { ordinary: added(GATEWAY_ORDINARY), others: others.join(', ') };
}

function latency(results: BenchResults): string[] {
  const p50 = addedOverMock(results, (target) => cellOf(results, target, 'non-stream')?.single.latency.p50);
  const firstByte = addedOverMock(
    results,
    (target) => results.firstByte.find((f) => f.target === target)?.latency.p50,
  );
  return [
    `${verdict(p50.ordinary <= TARGET_ADDED_P50_MS)} added p50 at c=1 (non-stream, ${GATEWAY_ORDINARY} − ${MOCK}): ${ms(p50.ordinary, 3)} (target ≤ ${TARGET_ADDED_P50_MS} ms); ${p50.others}`,
    `${verdict(firstByte.ordinary <= TARGET_FIRST_BYTE_ADDED_MS)} stream first byte added p50 (${GATEWAY_ORDINARY} − ${MOCK}): ${ms(firstByte.ordinary, 3)} (target ≤ ${TARGET_FIRST_BYTE_ADDED_MS} ms); ${firstByte.others}`,
  ];
}

/** The ordinary payer's figures count only if its calls reserved (under the threshold) and were all answered. */
function ordinaryPayer(results: BenchResults): string {
  const failed = results.cells
    .filter((cell) => cell.target === GATEWAY_ORDINARY)
    .reduce(
      (sum, cell) => sum + cell.rounds.reduce((all, round) => all + round.failures, cell.single.failures),
      0,
    );
  const { user, token, trustThreshold, topUps } = results.ordinaryPayer;
  const reserved = user < trustThreshold && token < trustThreshold;
  return `${verdict(failed === 0 && reserved && user > 0 && token > 0)} ordinary payer answered 200 throughout and stayed under the trust threshold: ${failed} failed calls; balance ${whole(user)} (user) / ${whole(token)} (token) after its last run, threshold ${whole(trustThreshold)}; ${topUps} top-ups between runs`;
}

function openStreams(results: BenchResults): string[] {
  const s = results.streams;
  if ('skipped' in s) return [`FAIL open streams not measured: ${s.skipped}`];
  const allOpen = s.opened === s.requested && s.openAtEnd === s.requested;
  return [
    `${verdict(allOpen && s.holdRssBytes < GIB)} ${s.requested} open streams: ${s.openAtEnd} held open, gateway RSS ${mib(s.holdRssBytes)} (target all open, < 1 GiB)`,
    `${verdict(s.loopDelayHoldMs <= TARGET_STALL_MS && s.healthFailures === 0)} no gateway event-loop stall over 50 ms while held: its event-loop delay max ${ms(s.loopDelayHoldMs)} (nodejs_eventloop_lag_max_seconds); seen from outside, /healthz max ${ms(s.healthHold.max)} (${s.healthHold.count} polls; ${s.healthFailures} failed in the whole phase)`,
  ];
}

export function verdicts(results: BenchResults): string[] {
  return [
    ...throughput(results, 'non-stream'),
    ...throughput(results, 'stream'),
    ...latency(results),
    ordinaryPayer(results),
    ...openStreams(results),
  ];
}
