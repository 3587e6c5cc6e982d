import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type FastifyRequest } from 'fastify';
import { type Locale, localeFrom } from '../../common/i18n/locale';

/** The caller's language (Accept-Language, Chinese fallback), for text that leaves by mail. */
export const RequestLocale = createParamDecorator((_: unknown, ctx: ExecutionContext): Locale =>
  localeFrom(ctx.switchToHttp().getRequest<FastifyRequest>().headers['accept-language']),
);
