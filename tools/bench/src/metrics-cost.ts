// What counting costs a relayed call: the recording the relay does for one successful call (total, first-byte
// and upstream latency, the call's counter, settled quota, and the five clock reads that time them), run
// 1,000,000 times against the server's built GatewayMetrics. Also runnable alone:
// `node tools/bench/dist/metrics-cost.js` (after `npm run build` and `npx nx run bench:build`).
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Counter, Histogram, Registry } from 'prom-client';

const CALLS = 1_000_000;
const TARGET_NS_PER_CALL = 3_000;
const ROUTES = ['/v1/chat/completions', '/v1/embeddings', '/v1/messages', '/v1/responses'];
const MODELS = ['gpt-4o-mini', 'gpt-4o', 'claude-sonnet-4', 'text-embedding-3-small'];
const CHANNELS = [1, 2, 3, 4, 5, 6, 7, 8];
const LATENCY_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300,
];

/** The recording methods of apps/server/src/infra/metrics/gateway-metrics.ts the relay calls. */
interface RelayRecorder {
  relayCall(route: string, status: number, model: string, channelId: number, seconds: number): void;
  relayFirstByte(route: string, seconds: number): void;
  upstreamAnswered(channelId: number, seconds: number): void;
  quotaSettled(quota: number): void;
}

export interface MetricsCost {
  calls: number;
  /** GatewayMetrics, as the relay records. */
  nsPerCall: number;
  /** The same samples through prom-client's labelled counter and histograms, for comparison. */
  promClientNsPerCall: number;
}

// One call's recording, in the order the relay does it; i picks a realistic spread of label values.
function recordCall(metrics: RelayRecorder, i: number): void {
  const started = performance.now();
  const route = ROUTES[i & 3];
  const channel = CHANNELS[i & 7];
  const sent = performance.now();
  metrics.upstreamAnswered(channel, (performance.now() - sent) / 1000);
  metrics.relayFirstByte(route, (performance.now() - started) / 1000);
  metrics.quotaSettled(120);
  metrics.relayCall(
    route,
    i % 97 === 0 ? 429 : 200,
    MODELS[(i >> 2) & 3],
    channel,
    (performance.now() - started) / 1000,
  );
}

function timePerCall(metrics: RelayRecorder): number {
  for (let i = 0; i < 100_000; i++) recordCall(metrics, i);
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) recordCall(metrics, i);
  return Number(process.hrtime.bigint() - started) / CALLS;
}

/** prom-client's own API for the same samples: label objects hashed into a string on every call. */
function promClientRecorder(): RelayRecorder {
  const registers = [new Registry()];
  const calls = new Counter({
    name: 'c',
    help: 'c',
    labelNames: ['route', 'status', 'model', 'channel'],
    registers,
  });
  const histogram = (name: string, label: string) =>
    new Histogram({ name, help: name, labelNames: [label], buckets: LATENCY_BUCKETS, registers });
  const duration = histogram('d', 'route');
  const firstByte = histogram('f', 'route');
  const upstream = histogram('u', 'channel');
  const settled = new Counter({ name: 's', help: 's', registers });
  return {
    relayCall: (route, status, model, channel, seconds) => {
      calls.inc({ route, status, model, channel });
      duration.observe({ route }, seconds);
    },
    relayFirstByte: (route, seconds) => firstByte.observe({ route }, seconds),
    upstreamAnswered: (channel, seconds) => upstream.observe({ channel }, seconds),
    quotaSettled: (quota) => settled.inc(quota),
  };
}

export async function measureMetricsCost(root: string): Promise<MetricsCost> {
  const built = join(root, 'apps/server/dist/infra/metrics/gateway-metrics.js');
  const { GatewayMetrics } = (await import(built)) as { GatewayMetrics: new () => RelayRecorder };
  return {
    calls: CALLS,
    nsPerCall: timePerCall(new GatewayMetrics()),
    promClientNsPerCall: timePerCall(promClientRecorder()),
  };
}

export function renderMetricsCost(cost: MetricsCost): string {
  const us = (ns: number) => `${(ns / 1000).toFixed(3)} µs`;
  const ok = cost.nsPerCall <= TARGET_NS_PER_CALL;
  return [
    '| counting one relayed call | per call |',
    '| --- | ---: |',
    `| GatewayMetrics (what the relay runs) | ${us(cost.nsPerCall)} |`,
    `| prom-client labelled metrics (comparison) | ${us(cost.promClientNsPerCall)} |`,
    '',
    `${ok ? 'PASS' : 'FAIL'} metrics recording per relayed call: ${us(cost.nsPerCall)} over ${cost.calls.toLocaleString('en')} calls (target ≤ ${us(TARGET_NS_PER_CALL)})`,
  ].join('\n');
}

if (require.main === module) {
  measureMetricsCost(resolve(__dirname, '../../..'))
    .then((cost) => console.log(renderMetricsCost(cost)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
