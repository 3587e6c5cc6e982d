// The part of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import { type EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      method?: 'GET' | 'POST';
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
      /** Taken in turn by every connection; `setupRequest` may change each request before it is sent. */
      requests?: Array<{ setupRequest?: (request: Request) => Request }>;
    }

    interface Request {
      headers?: Record<string, string>;
      [field: string]: unknown;
    }

    interface Result {
      /** Seconds the run lasted. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
    }

    /** Emits 'response' (client, statusCode, bytes, responseTimeMs) for every completed request. */
    type Instance = EventEmitter;
  }

  function autocannon(
    options: autocannon.Options,
    done: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  export = autocannon;
}
