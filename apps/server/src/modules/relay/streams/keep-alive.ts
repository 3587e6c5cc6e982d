import { type AdapterOptions } from '../providers/upstream-adapter';

/** The keep-alive line (general_setting.ping_interval_*): an SSE comment, which every SSE reader skips. */
export const SSE_PING = ': PING\n\n';

const LF = 0x0a;
const CR = 0x0d;

/** Whether a piece written to the caller ends an SSE event (a blank line), so a comment may follow it. */
export function endsEvent(piece: Buffer | string): boolean {
  const at = (index: number): number =>
    typeof piece === 'string' ? piece.charCodeAt(index) : (piece[index] ?? -1);
  const last = piece.length - 1;
  if (at(last) !== LF) return false;
  return at(last - 1) === LF || (at(last - 1) === CR && at(last - 2) === LF);
}

/**
 * Sends `ping` whenever the caller has been sent nothing for `intervalMs` (the upstream is silent, or sends
 * only what the relay holds back), never inside an event. One timer, re-armed by each write; `stop` clears
 * it and must be called however the stream ends.
 */
export class SseKeepAlive {
  private readonly timer: NodeJS.Timeout;
  private betweenEvents = true;

  constructor(
    private readonly ping: () => void,
    intervalMs: number,
  ) {
    this.timer = setTimeout(() => this.fire(), intervalMs);
    // An open stream keeps the process busy anyway; the timer alone must not.
    this.timer.unref();
  }

  /** After each piece sent to the caller. */
  wrote(piece: Buffer | string): void {
    if (piece.length === 0) return;
    this.betweenEvents = endsEvent(piece);
    this.timer.refresh();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private fire(): void {
    if (this.betweenEvents) this.ping();
    this.timer.refresh();
  }
}

/** general_setting.ping_interval_*: a keep-alive for one SSE answer, or null when pings are off. */
export function keepAliveFor(options: AdapterOptions, reply: { ping(): void }): SseKeepAlive | null {
  if (!options.getBoolean('general_setting.ping_interval_enabled')) return null;
  const seconds = Math.max(1, options.getNumber('general_setting.ping_interval_seconds'));
  return new SseKeepAlive(() => reply.ping(), seconds * 1000);
}
