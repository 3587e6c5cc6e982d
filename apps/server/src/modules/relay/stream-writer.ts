import { once } from 'node:events';
import { type FastifyReply } from 'fastify';
import { type OpenAiErrorBody } from '@tollgate/contracts';

/**
 * The one place that writes a relay answer to the caller: JSON answers through Fastify, streams straight to
 * the socket (hijacked) so bytes leave as they arrive. Also tells the pipeline when the caller went away.
 */
export class RelayReply {
  private readonly gone = new AbortController();

  constructor(
    private readonly reply: FastifyReply,
    private readonly requestId: string,
  ) {
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) this.gone.abort();
    });
  }

  /** Aborted when the caller disconnects before the answer is complete. */
  get signal(): AbortSignal {
    return this.gone.signal;
  }

  sendJson(status: number, text: string): void {
    void this.reply.status(status).header('content-type', 'application/json').send(text);
  }

  sendError(status: number, body: OpenAiErrorBody): void {
    void this.reply.status(status).send(body);
  }

  /** Takes the socket over and sends the SSE headers; nothing can be retried after this. */
  startStream(): void {
    this.reply.hijack();
    const raw = this.reply.raw;
    // Headers set earlier (X-Request-Id, CORS) live on the Fastify reply, which a hijacked socket bypasses.
    const inherited = Object.entries(this.reply.getHeaders()).filter(
      (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
    );
    raw.writeHead(200, {
      ...Object.fromEntries(inherited),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': this.requestId,
    });
    raw.flushHeaders();
  }

  /** Writes one piece; waits while the caller's socket is full (backpressure) unless it disconnects. */
  async write(chunk: Buffer | string): Promise<void> {
    const raw = this.reply.raw;
    if (this.gone.signal.aborted || chunk.length === 0 || raw.write(chunk)) return;
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
