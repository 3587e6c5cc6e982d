import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { formatText, localeFrom } from '../i18n/locale';
import { fail } from '../http/envelope';
import { redisOutageOf } from '../../infra/redis/redis.errors';
import { isOpenAiPath, sendOpenAiError } from '../../modules/relay/errors/openai-error';
import { AppError, type ErrorKind } from './app-error';
import { COMMON_ERRORS, commonError } from './common.errors';

const STATUS_OF: Record<ErrorKind, number> = {
  business: HttpStatus.OK,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  too_many_requests: HttpStatus.TOO_MANY_REQUESTS,
  internal: HttpStatus.INTERNAL_SERVER_ERROR,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

/** The one place where failures become answers: a localised envelope with the status of the error's kind. */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(thrown: unknown, host: ArgumentsHost): void {
    // A Redis outage arrives as ioredis's own error from whichever store call met it first.
    const exception = redisOutageOf(thrown) ?? thrown;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof AppError && exception.retryAfterSeconds !== null) {
      void reply.header('retry-after', String(exception.retryAfterSeconds));
    }
    // API clients (OpenAI SDKs) read OpenAI's error shape, not the console envelope.
    if (isOpenAiPath(request.url)) return sendOpenAiError(exception, request, reply);
    const error = this.toAppError(exception, request);
    const lang = localeFrom(request.headers['accept-language']);
    const message = formatText(error.definition[lang], error.params);
    void reply.status(STATUS_OF[error.definition.kind]).send(fail(message));
  }

  private toAppError(exception: unknown, request: FastifyRequest): AppError {
    if (exception instanceof AppError) return exception;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404)
        return commonError('not_found', { method: request.method, path: request.url.split('?')[0] });
      if (status === 401) return commonError('unauthenticated');
      if (status === 403) return commonError('forbidden');
      if (status === 429) return commonError('too_many_requests');
      if (status < 500) return this.badRequest(exception.message);
    }
    // Fastify's own 4xx errors (malformed JSON, wrong content type, body too large).
    const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      return this.badRequest((exception as Error).message);
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
    );
    return commonError('internal');
  }

  private badRequest(detail: string): AppError {
    return new AppError(COMMON_ERRORS.invalid_input, 'invalid_input', { detail });
  }
}
