import { type ChannelOpsProgress } from '@tollgate/contracts';

/** The answer of a console GET, as supertest gives it. */
type Get = (path: string) => PromiseLike<{ body: { data: unknown } }>;

/** Polls a channel test / balance progress route until its run has finished (10 s at most). */
export async function finishedProgress(get: Get, path: string): Promise<ChannelOpsProgress> {
  for (let i = 0; i < 200; i++) {
    const progress = (await get(path)).body.data as ChannelOpsProgress;
    if (!progress.running && progress.finished_at > 0) return progress;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never finished`);
}
