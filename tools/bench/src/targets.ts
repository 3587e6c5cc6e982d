// What is measured: a server (mock, bare proxy, Portkey or gateway) and the chat request sent to it.
export interface Target {
  name: string;
  /** Origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Authorization (and content type) the target expects. */
  headers: Record<string, string>;
  /** Several callers' headers, taken in turn request by request instead of `headers` (bench:drain's payers). */
  callers?: Array<Record<string, string>>;
  /** The process answering, for its RSS and CPU time. */
  pid: number;
  /** Runs before each measured run of this target, never during one (the ordinary payer's top-up). */
  beforeRun?: () => Promise<void>;
}

export type Mode = 'non-stream' | 'stream';
export const MODES: readonly Mode[] = ['non-stream', 'stream'];

export const CHAT_PATH = '/v1/chat/completions';
/** The mock accepts any key; the gateway's channels and the bare proxy send this one. */
export const UPSTREAM_KEY = 'sk-bench-upstream';

export function chatBody(model: string, mode: Mode): string {
  return JSON.stringify({
    model,
    messages: [{ role: 'user', content: 'hello there' }],
    ...(mode === 'stream' ? { stream: true } : {}),
  });
}

export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
}
