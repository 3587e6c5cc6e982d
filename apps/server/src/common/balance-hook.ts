import { type Logger } from '@nestjs/common';

/**
 * The one in-process listener (the billing ledger) a module tells of balance changes it has committed. The
 * cached balance is shared by every replica, so the process that committed a change applies it, once; no
 * notice goes out. A failure is logged, not thrown: the write stands, and the balance catches up when next
 * loaded.
 */
export class BalanceHook<Listener> {
  private listener: Listener | undefined;

  constructor(private readonly logger: Logger) {}

  listen(listener: Listener): void {
    this.listener = listener;
  }

  async tell(whose: string, call: (listener: Listener) => Promise<void>): Promise<void> {
    if (!this.listener) return;
    try {
      await call(this.listener);
    } catch (error) {
      this.logger.error(`balance change of ${whose} not cached: ${String(error)}`);
    }
  }
}
