import { isIP } from 'node:net';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Agent, type Dispatcher, errors, request } from 'undici';
import { AppError } from '../../../common/errors/app-error';
import { isPublicAddress, publicOnlyLookup } from '../../../common/http/public-network';
import { OptionsService } from '../../options/options.service';
import { relayError } from '../errors/relay-errors';
import { type FetchedFile } from './inline-media';

// Claude reads PDFs up to 32 MB (images far less): a bound keeps one caller's file from filling memory.
export const MAX_FETCHED_BYTES = 32 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

const failed = (reason: string) => relayError('media_fetch_failed', { reason });

type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher };

// Transport details (addresses, the worker's URL) stay out of what the caller is told.
function reasonOf(error: unknown): string {
  if (error instanceof errors.ResponseExceededMaxSizeError) return `larger than ${MAX_FETCHED_BYTES} bytes`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if ((cause as NodeJS.ErrnoException | null)?.code === 'EPRIVATEADDRESS') return 'the address is not public';
  if (cause instanceof Error && cause.name === 'TimeoutError') return 'it took too long';
  return 'the request failed';
}

function httpUrlOf(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw failed('it is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw failed('it is not an http(s) address');
  return url;
}

/**
 * Fetches files at addresses callers gave (images a provider takes only inline). With WorkerUrl set every fetch
 * goes through that worker, so the gateway's own network never dials a caller's address: a POST of
 * `{"url", "key": WorkerValidKey}` whose answer is the file (reference §12 names only the options; this is the
 * established gateways' form). Without one the gateway fetches itself, public addresses only, no redirects.
 */
@Injectable()
export class CallerUrlFetcher implements OnModuleDestroy {
  /**
   * Development and tests fetch from this machine; nothing in production turns it on (no option or variable
   * sets it).
   */
  allowLocalTargets = false;
  private readonly guarded = new Agent({
    connect: { lookup: publicOnlyLookup },
    maxResponseSize: MAX_FETCHED_BYTES,
  });
  // The worker is the operator's own service, often on a private network.
  private readonly open = new Agent({ maxResponseSize: MAX_FETCHED_BYTES });

  constructor(private readonly options: OptionsService) {}

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.guarded.close(), this.open.close()]);
  }

  /** The file at `address`; throws media_fetch_failed (400) with a reason safe to show the caller. */
  async fetch(address: string): Promise<FetchedFile> {
    const url = httpUrlOf(address);
    const worker = this.options.get('WorkerUrl').trim();
    if (worker !== '') {
      const body = JSON.stringify({ url: url.href, key: this.options.get('WorkerValidKey') });
      const headers = { 'content-type': 'application/json' };
      return this.read(worker, { method: 'POST', headers, body, dispatcher: this.open });
    }
    if (this.allowLocalTargets) return this.read(url.href, { method: 'GET', dispatcher: this.open });
    // A literal address is never looked up, so the guarded lookup cannot see it: checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && !isPublicAddress(host)) throw failed('the address is not public');
    return this.read(url.href, { method: 'GET', dispatcher: this.guarded });
  }

  private async read(url: string, options: RequestOptions): Promise<FetchedFile> {
    try {
      const response = await request(url, { ...options, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await response.body.dump();
        throw failed(`it answered HTTP ${response.statusCode}`);
      }
      const type = response.headers['content-type'];
      const bytes = Buffer.from(await response.body.arrayBuffer());
      return { contentType: typeof type === 'string' ? type : '', bytes };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw failed(reasonOf(error));
    }
  }
}
