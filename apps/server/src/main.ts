import 'reflect-metadata';
import { loadConfig, readVersion } from './infra/config/app-config';
import { createLogger } from './infra/logger/logger';
import { createHttpApp, createWorkerContext } from './bootstrap';
import { stopGracefully, stopWorkerOnSignal } from './infra/http/graceful-stop';
import { QuotaLedger } from './modules/billing/quota-ledger';

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
  await app.listen({ port: config.port, host: '0.0.0.0' });
  const ledger = app.get(QuotaLedger);
  stopGracefully(app, logger, config.shutdownGraceSeconds * 1000, (timeoutMs) => ledger.settled(timeoutMs));
  logger.info(`Listening on http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
