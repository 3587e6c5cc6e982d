import { EventEmitter } from 'node:events';
import { type IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { type Dispatcher, Pool } from 'undici';
import { AppConfig, DEFAULT_UPSTREAM_CONNECTIONS_PER_ORIGIN } from '../../../infra/config/app-config';

/**
 * What aborts an upstream call: an AbortSignal, or (undici takes either) an EventEmitter that emits 'abort'
 * and says `aborted`, which costs the relay a fraction of a signal per call.
 */
export type UpstreamAbort = AbortSignal | (EventEmitter & { readonly aborted: boolean });

/**
 * An UpstreamAbort fired by hand (emits 'abort' once), and by the one it follows when given. An EventEmitter,
 * not an AbortController: creating and listening to an AbortSignal cost about 7 µs a call, the relay's budget
 * is ~100.
 */
export class AbortSwitch extends EventEmitter {
  aborted = false;

  constructor(follows?: AbortSwitch) {
    super();
    if (follows?.aborted) this.aborted = true;
    else follows?.once('abort', () => this.abort());
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit('abort');
  }
}

export interface UpstreamRequest {
  url: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: string | Buffer | null;
  /** Aborts the upstream call (the caller went away, or a retry budget ran out). */
  signal?: UpstreamAbort;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it arrives; the caller must consume or destroy it so the connection returns to the pool. */
  body: Dispatcher.ResponseData['body'];
}

export interface UpstreamTimeouts {
  connectMs: number;
  /** Until the status line and headers (a model may think long before its first byte). */
  headersMs: number;
  /** Longest silence between two body chunks (reference §3.5 STREAMING_TIMEOUT: 60 s). */
  bodyMs: number;
  keepAliveMs: number;
}

export const DEFAULT_UPSTREAM_TIMEOUTS: UpstreamTimeouts = {
  connectMs: 10_000,
  headersMs: 300_000,
  bodyMs: 60_000,
  keepAliveMs: 30_000,
};

/** Injection token to override the timeouts (tests); production uses the defaults. */
export const UPSTREAM_TIMEOUTS = Symbol('UPSTREAM_TIMEOUTS');

// URLs are a handful per channel; parsing one costs more than the rest of building the call.
const MAX_REMEMBERED_URLS = 10_000;

interface ParsedUrl {
  origin: string;
  path: string;
}

/** HTTP to providers: one keep-alive undici pool per origin, created on first use, closed on shutdown. */
@Injectable()
export class UpstreamClient implements OnModuleDestroy {
  private readonly pools = new Map<string, Pool>();
  private readonly urls = new Map<string, ParsedUrl>();
  private readonly timeouts: UpstreamTimeouts;
  private readonly connectionsPerOrigin: number;

  constructor(
    @Optional() @Inject(UPSTREAM_TIMEOUTS) timeouts?: UpstreamTimeouts,
    @Optional() config?: AppConfig,
  ) {
    this.timeouts = timeouts ?? DEFAULT_UPSTREAM_TIMEOUTS;
    this.connectionsPerOrigin =
      config?.upstreamConnectionsPerOrigin ?? DEFAULT_UPSTREAM_CONNECTIONS_PER_ORIGIN;
  }

  async request(request: UpstreamRequest): Promise<UpstreamResponse> {
    const url = this.parse(request.url);
    const response = await this.poolFor(url.origin).request({
      path: url.path,
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      signal: request.signal,
      headersTimeout: this.timeouts.headersMs,
      bodyTimeout: this.timeouts.bodyMs,
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }

  async onModuleDestroy(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }

  private parse(text: string): ParsedUrl {
    let parsed = this.urls.get(text);
    if (!parsed) {
      const url = new URL(text);
      parsed = { origin: url.origin, path: `${url.pathname}${url.search}` };
      if (this.urls.size >= MAX_REMEMBERED_URLS) this.urls.clear();
      this.urls.set(text, parsed);
    }
    return parsed;
  }

  private poolFor(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.connectionsPerOrigin,
        connect: { timeout: this.timeouts.connectMs },
        keepAliveTimeout: this.timeouts.keepAliveMs,
        headersTimeout: this.timeouts.headersMs,
        bodyTimeout: this.timeouts.bodyMs,
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }
}
