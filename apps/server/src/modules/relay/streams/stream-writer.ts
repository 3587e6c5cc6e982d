import { type OutgoingHttpHeaders } from 'node:http';
import { type FastifyReply } from 'fastify';
import { type Locale, localeFrom } from '../../../common/i18n/locale';
import { AbortSwitch } from '../upstream/upstream-client';
import { SSE_PING } from './keep-alive';

/**
 * The one place that writes a relay answer to the caller: JSON answers through Fastify, streams straight to
 * the socket (hijacked) so bytes leave as they arrive. Also tells the pipeline when the caller went away.
 */
export class RelayReply {
  /** Fired once when the caller leaves before its answer is complete. */
  private readonly gone = new AbortSwitch();
  private bodyStarted = false;
  private holding = false;
  private keptForEnd = false;

  constructor(
    private readonly reply: FastifyReply,
    private readonly requestId: string,
  ) {
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) this.gone.abort();
    });
  }

  /** The caller's address (consumption and error logs). */
  get callerIp(): string {
    return this.reply.request.ip;
  }

  /** The language the caller's answers and error log texts use. */
  get locale(): Locale {
    return localeFrom(this.reply.request.headers['accept-language']);
  }

  /** Aborted when the caller disconnects before the answer is complete (upstream calls take it as a signal). */
  get signal(): AbortSwitch {
    return this.gone;
  }

  sendJson(status: number, text: string): void {
    void this.reply.status(status).header('content-type', 'application/json').send(text);
  }

  /** A whole answer that is not JSON (subtitles, plain-text transcripts), with the provider's content type. */
  sendBody(status: number, contentType: string, body: string): void {
    void this.reply.status(status).header('content-type', contentType).send(body);
  }

  /** An error body in the caller's protocol. */
  sendError(status: number, body: object): void {
    void this.reply.status(status).send(body);
  }

  /** Takes the socket over and sends the stream's headers (SSE unless told); nothing can be retried after this. */
  startStream(contentType = 'text/event-stream; charset=utf-8'): void {
    this.reply.hijack();
    const raw = this.reply.raw;
    // Headers set earlier (X-Request-Id, CORS) live on the Fastify reply, which a hijacked socket bypasses.
    const headers: OutgoingHttpHeaders = {};
    const inherited = this.reply.getHeaders();
    for (const name in inherited) {
      const value = inherited[name];
      if (value !== undefined) headers[name] = value;
    }
    headers['content-type'] = contentType;
    headers['cache-control'] = 'no-cache';
    headers.connection = 'keep-alive';
    headers['x-accel-buffering'] = 'no';
    headers['x-request-id'] = this.requestId;
    raw.writeHead(200, headers);
    this.holdOneTurn();
  }

  /** Writes one piece; waits while the caller's socket is full (backpressure) unless it disconnects. */
  async write(chunk: Buffer | string): Promise<void> {
    const raw = this.reply.raw;
    if (this.gone.aborted || chunk.length === 0) return;
    this.bodyStarted = true;
    this.holdOneTurn();
    if (raw.write(chunk)) return;
    // The caller may leave while its socket is full: the pipeline then sees `signal.aborted`.
    await new Promise<void>((resolve) => {
      const resume = (): void => {
        raw.off('drain', resume);
        this.gone.off('abort', resume);
        resolve();
      };
      raw.once('drain', resume);
      this.gone.once('abort', resume);
    });
  }

  /** A keep-alive comment on a started stream; skipped when the caller left or its socket is still full. */
  ping(): void {
    const raw = this.reply.raw;
    if (this.gone.aborted || raw.writableEnded || raw.writableNeedDrain) return;
    raw.write(SSE_PING);
  }

  /**
   * The answer is complete: what is still unsent, and anything written from now on, waits for end() (after
   * the settlement) and leaves with the stream's end in one socket write instead of two.
   */
  keepUntilEnd(): void {
    const socket = this.reply.raw.socket;
    if (this.keptForEnd || !socket) return;
    this.keptForEnd = true;
    if (!this.holding) socket.cork();
  }

  // Ending uncorks the socket fully (Node's OutgoingMessage.end), whatever this writer corked.
  end(): void {
    if (!this.reply.raw.writableEnded) this.reply.raw.end();
  }

  // What is written during one turn of the event loop leaves in one socket write: the headers with the first
  // bytes, the last bytes with the stream's end. A provider slow to send its first byte must not hold the
  // headers back: they go alone at the end of the turn when nothing else was written.
  private holdOneTurn(): void {
    const raw = this.reply.raw;
    const socket = raw.socket;
    if (this.holding || this.keptForEnd || !socket) return;
    this.holding = true;
    socket.cork();
    setImmediate(() => {
      this.holding = false;
      // end() has already let everything out (and the socket may serve the next request by now), or will.
      if (raw.writableEnded || raw.destroyed || this.keptForEnd) return;
      if (!this.bodyStarted) raw.flushHeaders();
      if (socket.writableCorked > 0) socket.uncork();
    });
  }
}
