import { type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger } from 'pino';

const IDLE_SWEEP_MS = 100;

/**
 * SIGTERM / SIGINT: stop taking calls first, then let the running ones finish, then close the app (the ledger
 * drains its journal, the log buffers flush, connections close). New connections are refused; a call on a
 * kept-alive connection is answered 503 with `Connection: close` (Fastify's return503OnClosing), which a
 * balancer retries on another replica; idle kept-alive connections are closed as they fall idle. Calls still
 * running after the grace period lose their connection (a stream is then billed for what it sent).
 */
export function stopGracefully(
  app: NestFastifyApplication,
  logger: Logger,
  graceMs: number,
  settled: (timeoutMs: number) => Promise<void>,
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceMs }, 'stopping: no new calls; waiting for running ones');
    const server: Server = app.getHttpServer();
    const closed = app.getHttpAdapter().getInstance().close();
    const sweeper = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const finished = await Promise.race([closed.then(() => true), sleep(graceMs).then(() => false)]);
    clearInterval(sweeper);
    if (!finished) {
      logger.warn('grace period over: closing the connections of calls still running');
      server.closeAllConnections();
      await closed;
    }
    // A call whose connection was cut settles on its way out; the last drain must include it.
    await settled(graceMs);
    await app.close();
    logger.info('stopped');
    process.exit(0);
  };
  const onSignal = (signal: NodeJS.Signals) =>
    void stop(signal).catch((error: unknown) => {
      logger.error({ err: error }, 'stopping failed');
      process.exit(1);
    });
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
