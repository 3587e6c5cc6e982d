// Time to the first body byte of a stream (autocannon only sees whole responses): sequential requests
// on one keep-alive connection, so nothing but the path under test sets the pace.
import { performance } from 'node:perf_hooks';
import { Client } from 'undici';
import { summarize, type LatencySummary } from './stats';
import { CHAT_PATH, chatBody, type Target } from './targets';

const UNRECORDED_WARMUP = 50;

/** Reads a whole answer body: milliseconds from `started` to its first byte (null if empty) and to its end. */
export async function readTimed(
  body: AsyncIterable<Buffer>,
  started: number,
): Promise<{ firstByteMs: number | null; wholeMs: number; bytes: Buffer }> {
  let firstByteMs: number | null = null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    if (firstByteMs === null && chunk.length > 0) firstByteMs = performance.now() - started;
    chunks.push(chunk);
  }
  return { firstByteMs, wholeMs: performance.now() - started, bytes: Buffer.concat(chunks) };
}

export async function firstByteLatency(
  target: Target,
  model: string,
  requests: number,
): Promise<LatencySummary> {
  const client = new Client(target.origin);
  const body = chatBody(model, 'stream');
  const samples: number[] = [];
  try {
    for (let i = 0; i < UNRECORDED_WARMUP + requests; i += 1) {
      const started = performance.now();
      const response = await client.request({
        path: CHAT_PATH,
        method: 'POST',
        headers: target.headers,
        body,
      });
      const { firstByteMs } = await readTimed(response.body, started);
      if (response.statusCode !== 200 || firstByteMs === null)
        throw new Error(`${target.name} answered a stream with HTTP ${response.statusCode}`);
      if (i >= UNRECORDED_WARMUP) samples.push(firstByteMs);
    }
  } finally {
    await client.close();
  }
  return summarize(samples);
}
