import 'reflect-metadata';
import { loadConfig, readVersion } from './infra/config/app-config';
import { createLogger } from './infra/logger/logger';
import { createHttpApp, createWorkerContext } from './bootstrap';
import { stopGracefully, stopWorkerOnSignal } from './infra/http/graceful-stop';
import { QuotaLedger } from './modules/billing/quota-ledger';

// A burst of new connections waits in the kernel's accept queue while the loop is busy. Node's default of 511
// overflowed in npm run bench (5,000 streams opened at 500 a second: 125-217 of them reset); Linux caps this at
// net.core.somaxconn (4,096 by default).
const ACCEPT_BACKLOG = 4096;

async function main(): Promise<void> {
  const config = loadConfig(process.env, readVersion(__dirname));
  const logger = createLogger(config);
  logger.info(
    {
      database: config.databaseType === 'postgres' ? 'postgres' : `sqlite (${config.dataDir})`,
      redis: config.redisUrl ? 'redis' : 'in-process',
      console: config.webDistDir ?? 'not built',
    },
    `Tollgate ${config.version} starting`,
  );
  if (!config.servesHttp) {
    // Worker replicas consume queues only.
    const context = await createWorkerContext(config, logger);
    stopWorkerOnSignal(context, logger);
    return;
  }
  const app = await createHttpApp(config, logger);
  await app.listen({ port: config.port, host: '0.0.0.0', backlog: ACCEPT_BACKLOG });
  const ledger = app.get(QuotaLedger);
  stopGracefully(app, logger, config.shutdownGraceSeconds * 1000, (timeoutMs) => ledger.settled(timeoutMs));
  logger.info(`Listening on http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
