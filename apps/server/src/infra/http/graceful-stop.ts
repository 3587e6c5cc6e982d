import { type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type INestApplicationContext } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger } from 'pino';

const IDLE_SWEEP_MS = 100;

/**
 * SIGTERM / SIGINT: stop taking calls first, then let the running ones finish, then close the app (the ledger
 * drains its journal, the log buffers flush, connections close). New connections are refused; a call on a
 * kept-alive connection is answered 503 with `Connection: close` (Fastify's return503OnClosing): the balancer
 * passes that 503 on (it retries only refused connections) and stops routing here once /readyz fails; idle
 * kept-alive connections are closed as they fall idle. Calls still running after the grace period lose their
 * connection (a stream is then billed for what it sent).
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

/**
 * A worker on SIGTERM / SIGINT: close the context (its queue consumers finish the jobs they hold, the
 * presence heartbeat is withdrawn) and exit 0, so an orchestrator reads the stop as the clean one it was.
 * Nest's own shutdown hooks re-raise the signal after closing, which reports the process as killed.
 */
export function stopWorkerOnSignal(context: INestApplicationContext, logger: Logger): void {
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'worker stopping: finishing the jobs it holds');
    context.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
