// Time to the first body byte of a stream (autocannon only sees whole responses): sequential requests
// on one keep-alive connection, so nothing but the path under test sets the pace.
import { performance } from 'node:perf_hooks';
import { Client } from 'undici';
import { summarize, type LatencySummary } from './stats';
import { CHAT_PATH, chatBody, type Target } from './targets';

const UNRECORDED_WARMUP = 50;

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
      let firstByteMs: number | null = null;
      for await (const chunk of response.body) {
        if (firstByteMs === null && (chunk as Buffer).length > 0) firstByteMs = performance.now() - started;
      }
      if (response.statusCode !== 200 || firstByteMs === null)
        throw new Error(`${target.name} answered a stream with HTTP ${response.statusCode}`);
      if (i >= UNRECORDED_WARMUP) samples.push(firstByteMs);
    }
  } finally {
    await client.close();
  }
  return summarize(samples);
}
