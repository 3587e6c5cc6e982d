// What a run measured, shared by the phases that fill it in and the report that prints it.
import { type LoadResult } from './load';
import { type OpenStreamsResult } from './open-streams';
import { type PayerBalances } from './ordinary-payer';
import { type LatencySummary } from './stats';
import { type Mode } from './targets';

export const MOCK = 'mock direct';
export const BARE = 'bare proxy';
export const PORTKEY = 'Portkey';
/** The root's unlimited token: trusted, so its calls skip the reservation. */
export const GATEWAY_RICH = 'gateway rich payer';
/** A limited token of a user under the trust threshold: every call reserves in Redis first. */
export const GATEWAY_ORDINARY = 'gateway ordinary payer';

export interface MatrixCell {
  target: string;
  mode: Mode;
  single: LoadResult;
  /** The high-concurrency round with the median req/s (the tables show it). */
  concurrent: LoadResult;
  /** Every high-concurrency round, in order: round i of every target ran between the same two moments. */
  rounds: LoadResult[];
  /** RSS of the process that answered, after its runs of this mode. */
  rssBytes: number;
}

export interface BenchResults {
  connections: number;
  cells: MatrixCell[];
  firstByte: Array<{ target: string; latency: LatencySummary }>;
  streams: OpenStreamsResult | { skipped: string };
  /** Why Portkey has no rows, when it has none. */
  portkeySkipped: string | null;
  /** The ordinary payer's balances after its last run. */
  ordinaryPayer: PayerBalances;
}
