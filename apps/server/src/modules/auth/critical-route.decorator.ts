import { applyDecorators, UseGuards } from '@nestjs/common';
import { CriticalRateLimitGuard } from './critical-rate-limit.guard';
import { TurnstileGuard } from './turnstile';

/** Login, registration, mails, reset and OAuth: the per-address critical limit, then the bot check if asked. */
export const CriticalRoute = (options: { botCheck?: boolean } = {}) =>
  applyDecorators(
    options.botCheck ? UseGuards(CriticalRateLimitGuard, TurnstileGuard) : UseGuards(CriticalRateLimitGuard),
  );
