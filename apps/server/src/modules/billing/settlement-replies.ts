import { type Logger } from '@nestjs/common';
import { isReplyTimeout } from '../../infra/redis/redis.errors';

// Settlements that may go on before Redis answers them. Beyond it a burst (thousands of streams cut off at once)
// waits for the replies as before: they pace its continuations, which together would hold the loop for seconds.
export const AHEAD_OF_REPLIES = 32;
// Late replies come in bursts (a stalled loop, a slow Redis): one line a window says how many, not one each.
export const LATE_REPORT_MS = 1000;
export const NAMED_IN_LATE_REPORT = 10;

/**
 * Settlements that have left this process for Redis and whose replies have not come back. Redis applies a
 * settlement once read, so a reply that does not come in time (ioredis gives the command up) is only noted.
 */
export class SettlementReplies {
  private readonly waiting = new Set<Promise<void>>();
  private late: string[] = [];
  private lateReport: NodeJS.Timeout | undefined;

  constructor(private readonly logger: Logger) {}

  get size(): number {
    return this.waiting.size;
  }

  /**
   * Watches the reply to a handed-over settlement. Answers null when the caller may go on now (fewer than
   * AHEAD_OF_REPLIES are waiting), else the reply to wait for, which fails only with a failure other than lateness.
   */
  watch(reservationId: string, applied: Promise<unknown>): Promise<void> | null {
    const answered = applied.then(
      () => undefined,
      (error: unknown) => {
        if (!isReplyTimeout(error)) throw error;
        this.noteLate(reservationId);
      },
    );
    if (this.waiting.size >= AHEAD_OF_REPLIES) return answered;
    this.waiting.add(answered);
    void answered
      .catch((error: unknown) =>
        this.logger.error(`settling reservation ${reservationId} failed: ${String(error)}`),
      )
      .finally(() => this.waiting.delete(answered));
    return null;
  }

  /** Says now what was late and not yet said (the process stops). */
  reportLate(): void {
    clearTimeout(this.lateReport);
    this.lateReport = undefined;
    const ids = this.late;
    if (ids.length === 0) return;
    this.late = [];
    if (ids.length === 1) {
      this.logger.warn(`no reply in time to settling reservation ${ids[0]}; Redis applies it once read`);
      return;
    }
    const more = ids.length > NAMED_IN_LATE_REPORT ? `, and ${ids.length - NAMED_IN_LATE_REPORT} more` : '';
    const named = ids.slice(0, NAMED_IN_LATE_REPORT).join(', ');
    this.logger.warn(
      `no reply in time to ${ids.length} settlements (reservations ${named}${more}); Redis applies them once read`,
    );
  }

  private noteLate(reservationId: string): void {
    this.late.push(reservationId);
    this.lateReport ??= setTimeout(() => this.reportLate(), LATE_REPORT_MS).unref();
  }
}
