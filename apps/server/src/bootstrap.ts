import fastifyCookie from '@fastify/cookie';
import { NestFactory, Reflector } from '@nestjs/core';
import { type INestApplicationContext } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { type Logger } from 'pino';
import { AppModule } from './app.module';
import { AppExceptionFilter } from './common/errors/app-exception.filter';
import { EnvelopeInterceptor } from './common/http/envelope.interceptor';
import { EPAY_NOTIFY_PATH } from '@tollgate/contracts';
import { formBodyParser } from './common/http/form-body';
import { jsonBodyParser } from './common/http/json-body';
import { AppValidationPipe } from './common/validation/app-validation.pipe';
import { registerApiDocs } from './infra/api-docs/api-docs';
import { type AppConfig } from './infra/config/app-config';
import { registerConsoleStatic } from './infra/http/console-static';
import { PinoNestLogger } from './infra/logger/logger';
import { JobQueue } from './infra/queue/queue.port';
import { OptionsService } from './modules/options/options.service';

// Reverse proxies on the same host or a private network may tell us the client address and scheme.
const TRUSTED_PROXIES = ['127.0.0.1', '::1', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'];
const BODY_LIMIT = 64 * 1024 * 1024;
// A payment callback is a few hundred bytes.
const FORM_BODY_LIMIT = 64 * 1024;

/** Builds the HTTP application (console API, relay, console files), initialised but not listening. */
export async function createHttpApp(config: AppConfig, logger: Logger): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Per-request lines would cost the relay more than they tell; failures are logged where they happen.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: TRUSTED_PROXIES,
    bodyLimit: BODY_LIMIT,
    // The spec writes most paths with a trailing slash (/api/option/); both forms must work.
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  app.useBodyParser(
    'application/json',
    { bodyLimit: BODY_LIMIT },
    jsonBodyParser(app.getHttpAdapter().getInstance()),
  );
  app.useBodyParser(
    'application/x-www-form-urlencoded',
    { bodyLimit: FORM_BODY_LIMIT },
    formBodyParser([EPAY_NOTIFY_PATH]),
  );
  app.useGlobalPipes(new AppValidationPipe());
  app.useGlobalFilters(new AppExceptionFilter());
  app.useGlobalInterceptors(new EnvelopeInterceptor(app.get(Reflector)));
  if (config.webDistDir) {
    const options = app.get(OptionsService);
    await registerConsoleStatic(app.getHttpAdapter().getInstance(), config.webDistDir, () => ({
      headHtml: options.get('custom_head_html'),
      css: options.get('global_css'),
      js: options.get('global_js'),
    }));
  }
  registerApiDocs(app, config.version);
  await app.init();
  // Where workers run (role all), each declared job must have its handler by now.
  app.get(JobQueue).assertEveryJobHandled();
  return app;
}

/** A worker replica: no HTTP server, its modules booted so the queues are consumed. */
export async function createWorkerContext(
  config: AppConfig,
  logger: Logger,
): Promise<INestApplicationContext> {
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: new PinoNestLogger(logger),
  });
  // Handlers register as the modules boot: only now can a declared job without one be told.
  context.get(JobQueue).assertEveryJobHandled();
  return context;
}
