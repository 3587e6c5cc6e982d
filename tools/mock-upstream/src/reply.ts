// Writes answers, applying the request's behaviour. With NORMAL the whole answer goes out in one
// synchronous write so the mock never sets the pace of a benchmark.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { NORMAL, type Behaviour } from './behaviour';

const JSON_TYPE = 'application/json';
const SSE_HEAD: OutgoingHttpHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
};

export function sendJson(res: ServerResponse, status: number, payload: unknown, b: Behaviour = NORMAL): void {
  sendBody(res, status, JSON_TYPE, JSON.stringify(payload), b);
}

export function sendBody(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  b: Behaviour,
): void {
  const head = { 'content-type': contentType, 'content-length': Buffer.byteLength(body) };
  if (b === NORMAL || (b.firstByteDelayMs === 0 && b.dripMs === 0 && b.cutAfter === null)) {
    res.writeHead(status, head);
    res.end(body);
    return;
  }
  void sendSlowBody(res, status, head, typeof body === 'string' ? Buffer.from(body) : body, b);
}

async function sendSlowBody(
  res: ServerResponse,
  status: number,
  head: Record<string, string | number>,
  body: Buffer,
  b: Behaviour,
): Promise<void> {
  if (b.firstByteDelayMs > 0) await sleep(b.firstByteDelayMs);
  if (res.destroyed) return;
  res.writeHead(status, head);
  if (b.cutAfter !== null) {
    // Half the promised content-length, then a dropped connection.
    await write(res, body.subarray(0, body.length >> 1));
    res.destroy();
    return;
  }
  if (b.dripMs > 0) {
    res.flushHeaders();
    await sleep(b.dripMs);
    if (res.destroyed) return;
  }
  res.end(body);
}

// Server-sent events by default: each frame is one complete `data: …\n\n` (or `event:`) block. Other
// framings (a JSON array, AWS event-stream messages) pass their own head.
export function sendStream(
  res: ServerResponse,
  frames: readonly (string | Buffer)[],
  b: Behaviour,
  head: OutgoingHttpHeaders = SSE_HEAD,
): void {
  if (b.firstByteDelayMs === 0 && b.dripMs === 0 && b.cutAfter === null) {
    res.writeHead(200, head);
    res.end(joinFrames(frames));
    return;
  }
  void dripFrames(res, frames, b, head);
}

function joinFrames(frames: readonly (string | Buffer)[]): string | Buffer {
  if (!frames.some((f) => typeof f !== 'string')) return frames.join('');
  return Buffer.concat(frames.map((f) => (typeof f === 'string' ? Buffer.from(f) : f)));
}

async function dripFrames(
  res: ServerResponse,
  frames: readonly (string | Buffer)[],
  b: Behaviour,
  head: OutgoingHttpHeaders,
): Promise<void> {
  if (b.firstByteDelayMs > 0) await sleep(b.firstByteDelayMs);
  if (res.destroyed) return;
  res.writeHead(200, head);
  res.flushHeaders();
  for (let i = 0; i < frames.length; i += 1) {
    if (b.cutAfter !== null && i >= b.cutAfter) {
      res.destroy();
      return;
    }
    if (i > 0 && b.dripMs > 0) await sleep(b.dripMs);
    if (res.destroyed) return;
    // Waiting for the flush keeps a following cut from discarding frames still in the socket buffer.
    await write(res, frames[i]);
  }
  res.end();
}

function write(res: ServerResponse, chunk: string | Buffer): Promise<void> {
  return new Promise((resolve) => {
    res.write(chunk, () => resolve());
  });
}

export function sseData(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

export const SSE_DONE = 'data: [DONE]\n\n';

export function sseEvent(type: string, payload: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
}
