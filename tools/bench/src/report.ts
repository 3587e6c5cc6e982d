// The run's results as markdown tables, then one PASS/FAIL line per target of the issue.
import { type OpenStreamsResult } from './open-streams';
import { type BenchResults } from './results';
import { mib, ms, verdicts } from './verdicts';

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
      'CPU/req c=1',
      'p50 c=1',
      'p99 c=1',
      `p50 c=${c}`,
      `p99 c=${c}`,
      'RSS after',
    ]),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const cell of results.cells) {
    lines.push(
      row([
        cell.target,
        cell.mode,
        Math.round(cell.concurrent.requestsPerSecond).toLocaleString('en-US'),
        `${Math.round(cell.concurrent.cpuMicrosPerRequest)} µs`,
        `${Math.round(cell.single.cpuMicrosPerRequest)} µs`,
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
    row(['/healthz every 20 ms', 'p50', 'p99', 'max', 'polls', 'event-loop delay max (gateway)']),
    row(['---', '---:', '---:', '---:', '---:', '---:']),
    row([
      'while opening',
      ms(s.healthRamp.p50),
      ms(s.healthRamp.p99),
      ms(s.healthRamp.max),
      String(s.healthRamp.count),
      ms(s.loopDelayRampMs),
    ]),
    row([
      'while held',
      ms(s.healthHold.p50),
      ms(s.healthHold.p99),
      ms(s.healthHold.max),
      String(s.healthHold.count),
      ms(s.loopDelayHoldMs),
    ]),
  ];
}

function warnings(results: BenchResults): string[] {
  const lines = results.cells.flatMap((cell) =>
    [cell.single, ...cell.rounds]
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
  const portkey =
    results.portkeySkipped === null ? [] : [`Portkey: skipped (${results.portkeySkipped}).`, ''];
  return [
    ...matrixTable(results),
    '',
    ...portkey,
    ...firstByteTable(results),
    '',
    ...streams,
    '',
    ...warnings(results),
    ...verdicts(results),
  ].join('\n');
}
