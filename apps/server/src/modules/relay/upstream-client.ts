import { type IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { type Dispatcher, Pool } from 'undici';

export interface UpstreamRequest {
  url: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: string | Buffer | null;
  /** Aborts the upstream call (the caller went away, or a retry budget ran out). */
  signal?: AbortSignal;
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

// Enough sockets per provider for thousands of concurrent streams; keep-alive reuses them between calls.
const CONNECTIONS_PER_ORIGIN = 1024;

/** HTTP to providers: one keep-alive undici pool per origin, created on first use, closed on shutdown. */
@Injectable()
export class UpstreamClient implements OnModuleDestroy {
  private readonly pools = new Map<string, Pool>();
  private readonly timeouts: UpstreamTimeouts;

  constructor(@Optional() @Inject(UPSTREAM_TIMEOUTS) timeouts?: UpstreamTimeouts) {
    this.timeouts = timeouts ?? DEFAULT_UPSTREAM_TIMEOUTS;
  }

  async request(request: UpstreamRequest): Promise<UpstreamResponse> {
    const url = new URL(request.url);
    const response = await this.poolFor(url.origin).request({
      path: `${url.pathname}${url.search}`,
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

  private poolFor(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: CONNECTIONS_PER_ORIGIN,
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
