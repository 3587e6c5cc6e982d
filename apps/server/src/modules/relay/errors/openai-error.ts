import { HttpException, Logger } from '@nestjs/common';
import { type OpenAiErrorBody } from '@tollgate/contracts';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { AppError, type ErrorKind } from '../../../common/errors/app-error';
import { formatText, type Locale, localeFrom } from '../../../common/i18n/locale';
import { redisOutageOf } from '../../../infra/redis/redis.errors';
import { codecFor } from '../protocols/codecs';
import { type Protocol } from '../protocols/protocol';
import { isRelayErrorCode, RELAY_ERRORS, relayError } from './relay-errors';
import { requestIdOf } from './request-id';

export interface OpenAiErrorAnswer {
  status: number;
  body: OpenAiErrorBody;
}

// Paths whose callers are API clients (and the playground, which streams OpenAI's chat): failures there use
// OpenAI's shape, never the console envelope.
const OPENAI_PATH = /^\/(v1|v1beta|dashboard|pg)(\/|\?|$)/;
export const isOpenAiPath = (url: string): boolean => OPENAI_PATH.test(url);

// A domain error of another module (billing, channels …) keeps its text and gets the status of its kind.
const STATUS_OF_KIND: Record<ErrorKind, number> = {
  business: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
};

const logger = new Logger('Relay');

/** Builds the answer for any failure on a relay path; unknown exceptions become a generic 500. */
export function openAiErrorAnswer(
  exception: unknown,
  request: Pick<FastifyRequest, 'method' | 'url'>,
  locale: Locale,
  requestId: string,
): OpenAiErrorAnswer {
  const { error, status } = toRelayError(exception, request);
  const relay = isRelayErrorCode(error.code) ? RELAY_ERRORS[error.code] : null;
  const text = formatText(error.definition[locale], error.params);
  return {
    status,
    body: {
      error: {
        message: `${text} (request id: ${requestId})`,
        type: relay?.type ?? (status < 500 ? 'invalid_request_error' : 'gateway_error'),
        param: null,
        code: error.code,
      },
    },
  };
}

/** The global filter's branch for relay paths: the answer plus the request id header. */
export function sendOpenAiError(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const answer = openAiErrorAnswer(
    exception,
    request,
    localeFrom(request.headers['accept-language']),
    requestIdOf(request, reply),
  );
  if (answer.status >= 500 && answer.body.error.code === 'internal_error') {
    logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  }
  void reply
    .status(answer.status)
    .send(codecFor(protocolOfPath(request.url)).errorFromPivot(answer.status, answer.body));
}

/** Native API callers (Anthropic, Gemini SDKs) read their own provider's error shape. */
function protocolOfPath(url: string): Protocol {
  if (url.startsWith('/v1/messages')) return 'claude';
  if (url.startsWith('/v1beta/models/')) return 'gemini';
  return 'openai';
}

/** The status a gateway failure on a relay path is answered with (the filter's choice, for metrics). */
export const relayErrorStatus = (thrown: unknown): number =>
  toRelayError(thrown, { method: 'POST', url: '' }).status;

function toRelayError(thrown: unknown, request: Pick<FastifyRequest, 'method' | 'url'>) {
  // Error logs shape the raw failure too, not only the filter.
  const exception = redisOutageOf(thrown) ?? thrown;
  if (exception instanceof AppError) {
    const relay = isRelayErrorCode(exception.code) ? RELAY_ERRORS[exception.code] : null;
    return { error: exception, status: relay?.status ?? STATUS_OF_KIND[exception.definition.kind] };
  }
  const status =
    exception instanceof HttpException
      ? exception.getStatus()
      : (exception as { statusCode?: unknown } | null)?.statusCode;
  if (status === 404) {
    const error = relayError('invalid_url', { method: request.method, path: request.url.split('?')[0] });
    return { error, status: 404 };
  }
  // Nest's and Fastify's own 4xx (malformed JSON, wrong content type, body too large) keep their status.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const detail = exception instanceof Error ? exception.message : String(exception);
    return { error: relayError('invalid_text_request', { detail }), status };
  }
  return { error: relayError('internal_error'), status: 500 };
}
