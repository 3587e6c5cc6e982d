import { type LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { type AppConfig } from '../config/app-config';

export function createLogger(config: AppConfig): Logger {
  return pino({
    level: config.logLevel,
    base: { role: config.appRole },
    // Secrets must never reach the logs, even when a request is logged whole.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      'req.headers["x-goog-api-key"]',
    ],
  });
}

/** Nest's own messages (boot, errors) through the same structured logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
