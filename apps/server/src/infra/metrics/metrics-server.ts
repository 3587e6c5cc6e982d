import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { GatewayMetrics } from './gateway-metrics';

/**
 * `GET /metrics` on a port of its own (METRICS_PORT, bound to METRICS_HOST): never the public port, so the
 * balancer and the internet never reach it, and worker replicas (which open no public port) are scraped too.
 * Off unless METRICS_PORT is set. Anything else on that port answers 404.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: GatewayMetrics,
  ) {}

  /** Where it listens; null when off. */
  get address(): AddressInfo | null {
    return (this.server?.address() as AddressInfo | null | undefined) ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, host } = this.config.metrics;
    if (port === null) return;
    const server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      this.metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.metrics.registry.contentType }).end(text),
        (error: unknown) => {
          this.logger.error(`collecting metrics failed: ${String(error)}`);
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting metrics failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.logger.log(`Metrics on http://${address.address}:${address.port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
