import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { AppConfig } from '../../infra/config/app-config';
import { HealthChecks } from './health-checks';

/**
 * A worker opens no public port: with HEALTH_PORT set it answers GET /healthz and /readyz there (a bare
 * node:http server, so probes never queue behind anything), and nothing else.
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHealthServer.name);
  private server: Server | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly checks: HealthChecks,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.healthPort;
    if (this.config.appRole !== 'worker' || port === undefined) return;
    this.server = createServer((request, response) => {
      void this.answer(request.method, request.url).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    this.server.listen(port, '0.0.0.0');
    await once(this.server, 'listening');
    this.logger.log(`Health probes on http://localhost:${port}/healthz and /readyz`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  private async answer(method: string | undefined, url: string | undefined): Promise<[number, object]> {
    const path = url?.split('?')[0];
    if (method !== 'GET' && method !== 'HEAD') return [405, { status: 'method not allowed' }];
    if (path === '/healthz') return [200, { status: 'ok' }];
    if (path === '/readyz') {
      const { ready, body } = await this.checks.readiness();
      return [ready ? 200 : 503, body];
    }
    return [404, { status: 'not found' }];
  }
}
