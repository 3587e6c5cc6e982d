import { USER_ID_HEADER } from '@tollgate/contracts';
import { currentLanguage } from '../../i18n/i18n';
import { readUser } from '../../lib/storage';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface PlaygroundChatRequest {
  messages: ChatTurn[];
  model: string;
  group: string;
  temperature: number;
  /** 0 = no limit (the server drops it). */
  max_tokens: number;
}

/** A failed chat: the text the relay (or the upstream through it) gave, to append to the assistant's message. */
export class ChatStreamError extends Error {}

const DONE = '[DONE]';

interface StreamFrame {
  choices?: Array<{ delta?: { content?: string | null } }>;
  error?: { message?: string };
}

function errorText(body: unknown, status: number): string {
  const message = (body as StreamFrame | null)?.error?.message;
  return typeof message === 'string' && message !== '' ? message : `HTTP ${status}`;
}

/** One SSE `data:` payload: its text delta, or a ChatStreamError when the relay sent an error frame. */
function deltaOf(payload: string): string {
  let frame: StreamFrame;
  try {
    frame = JSON.parse(payload) as StreamFrame;
  } catch {
    return '';
  }
  if (frame.error) throw new ChatStreamError(errorText(frame, 200));
  return frame.choices?.[0]?.delta?.content ?? '';
}

/**
 * POST /pg/chat/completions as a stream (spec 001 §7): calls `onDelta` with each text piece as it arrives and
 * resolves at the done marker. Aborting the signal stops it (resolves quietly); failures reject with ChatStreamError.
 */
export async function streamChat(
  request: PlaygroundChatRequest,
  onDelta: (text: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/event-stream',
    'Accept-Language': currentLanguage(),
  };
  const user = readUser();
  if (user) headers[USER_ID_HEADER] = String(user.id);
  const response = await fetch('/pg/chat/completions', {
    method: 'POST',
    credentials: 'include',
    headers,
    body: JSON.stringify({ ...request, stream: true }),
    signal,
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as unknown;
    throw new ChatStreamError(errorText(body, response.status));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data:')) continue;
      const payload = line.slice(5).trim();
      if (payload === DONE) return;
      const text = deltaOf(payload);
      if (text) onDelta(text);
    }
  }
  // The stream closed without its done marker: the upstream or the connection broke off.
  throw new ChatStreamError('');
}
