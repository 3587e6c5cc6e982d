import { once } from 'node:events';
import { type FastifyReply } from 'fastify';
import { type Locale, localeFrom } from '../../common/i18n/locale';

/**
 * The one place that writes a relay answer to the caller: JSON answers through Fastify, streams straight to
 * the socket (hijacked) so bytes leave as they arrive. Also tells the pipeline when the caller went away.
 */
export class RelayReply {
  private readonly gone = new AbortController();
  private bodyStarted = false;

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

  /** Aborted when the caller disconnects before the answer is complete. */
  get signal(): AbortSignal {
    return this.gone.signal;
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
    const inherited = Object.entries(this.reply.getHeaders()).filter(
      (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
    );
    raw.writeHead(200, {
      ...Object.fromEntries(inherited),
      'content-type': contentType,
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': this.requestId,
    });
    // The headers leave with the first body bytes (one socket write instead of two); a provider slow to send
    // its first byte must not hold them back, so they go alone on the next loop turn if nothing was written.
    setImmediate(() => {
      if (!this.bodyStarted && !raw.writableEnded && !raw.destroyed) raw.flushHeaders();
    });
  }

  /** Writes one piece; waits while the caller's socket is full (backpressure) unless it disconnects. */
  async write(chunk: Buffer | string): Promise<void> {
    const raw = this.reply.raw;
    if (this.gone.signal.aborted || chunk.length === 0) return;
    this.bodyStarted = true;
    if (raw.write(chunk)) return;
    try {
      await once(raw, 'drain', { signal: this.gone.signal });
    } catch {
      // The caller left while the socket was full: the pipeline sees the aborted signal.
    }
  }

  end(): void {
    if (!this.reply.raw.writableEnded) this.reply.raw.end();
  }
}
