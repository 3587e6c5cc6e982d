import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { CounterSeries, HistogramSeries } from './series';

// Seconds: a relayed call's latency runs from under a millisecond (a cached answer) to minutes (a long stream).
const LATENCY_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300,
];
const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900];

export type JobOutcome = 'completed' | 'failed';

/** One sample of a gauge read when scraped. */
export interface GaugeReading {
  labels?: Record<string, string>;
  value: number;
}

/**
 * The process's Prometheus metrics (one registry per app, so two apps in one process count apart). Label values
 * are bounded by configuration, never by what a caller sends: routes are the relay's fixed paths, statuses HTTP
 * codes, channels the ids of configured channels, models only names a channel was picked for (routable models);
 * an unknown model, key or channel is recorded as "". No key, token or secret is ever a label.
 * The recording methods run on the relay's hot path: they only add to cells found by map lookups.
 */
@Injectable()
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private readonly calls = new CounterSeries(
    this.registry,
    'tollgate_relay_requests_total',
    'Relayed calls answered, by route, HTTP status, model and channel ("" when none was picked)',
    ['route', 'status', 'model', 'channel'],
  );
  private readonly duration = new HistogramSeries(
    this.registry,
    'tollgate_relay_duration_seconds',
    'A relayed call from its start to its last byte (a stream: to its end), by route',
    ['route'],
    LATENCY_BUCKETS,
  );
  private readonly firstByte = new HistogramSeries(
    this.registry,
    'tollgate_relay_first_byte_seconds',
    "From a call's start to the provider's first answer byte, by route",
    ['route'],
    LATENCY_BUCKETS,
  );
  private readonly upstream = new HistogramSeries(
    this.registry,
    'tollgate_relay_upstream_duration_seconds',
    "One upstream attempt: the request sent until the provider's answer headers, by channel",
    ['channel'],
    LATENCY_BUCKETS,
  );
  private readonly retries = new CounterSeries(
    this.registry,
    'tollgate_relay_retries_total',
    'Calls tried again on another channel, by the channel that failed',
    ['channel'],
  );
  private readonly autoDisables = new CounterSeries(
    this.registry,
    'tollgate_channel_auto_disables_total',
    'Channels (or keys of a multi-key channel) disabled by the gateway itself, by channel',
    ['channel'],
  );
  private readonly settled = new CounterSeries(
    this.registry,
    'tollgate_quota_settled_total',
    'Quota charged by settled calls (quota units)',
    [],
  ).at();
  private readonly jobs = new CounterSeries(
    this.registry,
    'tollgate_queue_jobs_finished_total',
    'Background jobs run by this process, by queue and outcome',
    ['queue', 'outcome'],
  );
  private readonly jobDuration = new HistogramSeries(
    this.registry,
    'tollgate_queue_job_duration_seconds',
    'Background jobs run by this process, by queue',
    ['queue'],
    JOB_BUCKETS,
  );

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** One relayed call answered (channel 0 = none was picked). */
  relayCall(route: string, status: number, model: string, channelId: number, seconds: number): void {
    this.calls.at(route, status, model, channelId === 0 ? '' : channelId).value += 1;
    this.duration.observe(this.duration.at(route), seconds);
  }

  /** A call refused before the relay looked at it (setup not done, a bad key): counted, not timed. */
  relayRefused(route: string, status: number): void {
    this.calls.at(route, status, '', '').value += 1;
  }

  relayFirstByte(route: string, seconds: number): void {
    this.firstByte.observe(this.firstByte.at(route), seconds);
  }

  upstreamAnswered(channelId: number, seconds: number): void {
    this.upstream.observe(this.upstream.at(channelId), seconds);
  }

  retried(channelId: number): void {
    this.retries.at(channelId).value += 1;
  }

  autoDisabled(channelId: number): void {
    this.autoDisables.at(channelId).value += 1;
  }

  quotaSettled(quota: number): void {
    this.settled.value += quota;
  }

  jobFinished(queue: string, outcome: JobOutcome, seconds: number): void {
    this.jobs.at(queue, outcome).value += 1;
    this.jobDuration.observe(this.jobDuration.at(queue), seconds);
  }

  /** A gauge read when scraped; a read that fails leaves the gauge empty for that scrape (and is logged). */
  gauge(name: string, help: string, labelNames: string[], read: () => Promise<GaugeReading[]>): void {
    const logger = this.logger;
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          for (const { labels, value } of await read()) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        } catch (error) {
          logger.warn(`reading ${name} failed: ${String(error)}`);
        }
      },
    });
  }
}
