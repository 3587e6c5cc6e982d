import { startMockUpstream, type MockUpstream } from './server';
import { parseSse } from './sse';

let mock: MockUpstream;
const KEY = { authorization: 'Bearer sk-test', 'content-type': 'application/json' };

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: { ...KEY, ...headers },
    body: JSON.stringify(body),
  });
}

interface Chunk {
  id: string;
  object: string;
  model: string;
  choices: { delta: { role?: string; content?: string }; text?: string; finish_reason: string | null }[];
  usage?: unknown;
}

interface ResponseEvent {
  type: string;
  sequence_number: number;
  delta?: string;
  response?: { usage: unknown };
}

async function streamJson(res: Response): Promise<{ chunks: Chunk[]; done: boolean; raw: string }> {
  const raw = await res.text();
  const events = parseSse(raw);
  const done = events.at(-1)?.data === '[DONE]';
  return {
    chunks: events.filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Chunk),
    done,
    raw,
  };
}

beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());

const messages = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'say hello world' },
];
// 3 + (3 + 3) + (3 + 3) = 15; the reply "echo: say hello world" is 4 words.
const PROMPT = 15;

describe('POST /v1/chat/completions', () => {
  it('answers with the echo and deterministic usage', async () => {
    const res = await post('/v1/chat/completions', { model: 'gpt-4o', messages });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = await res.json();
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o',
      choices: [
        { index: 0, message: { role: 'assistant', content: 'echo: say hello world' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: PROMPT, completion_tokens: 4, total_tokens: PROMPT + 4 },
    });
    expect(body.usage.prompt_tokens_details).toBeUndefined();
  });

  it('reports cached tokens from x-mock-cached-tokens and truncates at max_tokens', async () => {
    const res = await post(
      '/v1/chat/completions',
      { model: 'gpt-4o', messages, max_tokens: 2 },
      { 'x-mock-cached-tokens': '10' },
    );
    const body = await res.json();
    expect(body.choices[0]).toMatchObject({ message: { content: 'echo: say' }, finish_reason: 'length' });
    expect(body.usage).toEqual({
      prompt_tokens: PROMPT,
      completion_tokens: 2,
      total_tokens: PROMPT + 2,
      prompt_tokens_details: { cached_tokens: 10 },
    });
  });

  it('sizes the reply by x-mock-reply-words', async () => {
    const res = await post(
      '/v1/chat/completions',
      { model: 'gpt-4o', messages },
      { 'x-mock-reply-words': '40' },
    );
    const body = await res.json();
    expect(body.usage.completion_tokens).toBe(40);
    expect((body.choices[0].message.content as string).split(' ')).toHaveLength(40);
  });

  it('streams a role chunk, one chunk per word, a finish chunk and [DONE] without usage by default', async () => {
    const res = await post('/v1/chat/completions', { model: 'gpt-4o', messages, stream: true });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const { chunks, done, raw } = await streamJson(res);
    expect(raw.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(done).toBe(true);
    expect(chunks).toHaveLength(1 + 4 + 1);
    expect(chunks[0].choices[0].delta).toMatchObject({ role: 'assistant', content: '' });
    expect(chunks.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('echo: say hello world');
    expect(chunks.at(-1)?.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    for (const c of chunks) {
      expect(c).toMatchObject({ object: 'chat.completion.chunk', model: 'gpt-4o', id: chunks[0].id });
      expect('usage' in c).toBe(false);
    }
  });

  it('adds the final usage chunk (choices: []) only with stream_options.include_usage', async () => {
    const res = await post(
      '/v1/chat/completions',
      { model: 'gpt-4o', messages, stream: true, stream_options: { include_usage: true } },
      { 'x-mock-cached-tokens': '4' },
    );
    const { chunks, done } = await streamJson(res);
    expect(done).toBe(true);
    expect(chunks).toHaveLength(1 + 4 + 1 + 1);
    const last = chunks[chunks.length - 1];
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual({
      prompt_tokens: PROMPT,
      completion_tokens: 4,
      total_tokens: PROMPT + 4,
      prompt_tokens_details: { cached_tokens: 4 },
    });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('rejects a request without messages', async () => {
    const res = await post('/v1/chat/completions', { model: 'gpt-4o' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ type: 'invalid_request_error', param: 'messages' });
  });
});

describe('POST /v1/completions', () => {
  it('answers a text completion with usage = words of the prompt', async () => {
    const res = await post('/v1/completions', {
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'once upon a time',
    });
    expect(await res.json()).toMatchObject({
      object: 'text_completion',
      choices: [{ text: 'echo: once upon a time', index: 0, finish_reason: 'stop' }],
      usage: { prompt_tokens: 4, completion_tokens: 5, total_tokens: 9 },
    });
  });

  it('streams text chunks with the usage chunk when asked', async () => {
    const res = await post('/v1/completions', {
      model: 'gpt-3.5-turbo-instruct',
      prompt: ['one two', 'three'],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { chunks, done } = await streamJson(res);
    expect(done).toBe(true);
    expect(
      chunks
        .slice(0, -1)
        .map((c) => c.choices[0].text)
        .join(''),
    ).toBe('echo: one two');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 3 } });
  });
});

describe('POST /v1/responses', () => {
  const input = [{ role: 'user', content: [{ type: 'input_text', text: 'tell me more' }] }];
  // instructions count as a system message: 3 + (3 + 2) + (3 + 3) = 14.
  const request = { model: 'gpt-4o', instructions: 'be kind', input };

  it('answers a completed response with usage', async () => {
    const res = await post('/v1/responses', request, { 'x-mock-cached-tokens': '5' });
    const body = await res.json();
    expect(body).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'gpt-4o',
      output: [
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'echo: tell me more' }],
        },
      ],
      usage: {
        input_tokens: 14,
        input_tokens_details: { cached_tokens: 5 },
        output_tokens: 4,
        total_tokens: 18,
      },
    });
  });

  it('streams typed events ending in response.completed with usage', async () => {
    const res = await post('/v1/responses', { ...request, stream: true });
    const events = parseSse(await res.text());
    const types = events.map((e) => e.event);
    expect(types.slice(0, 4)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
    ]);
    expect(types.filter((t) => t === 'response.output_text.delta')).toHaveLength(4);
    expect(types.at(-1)).toBe('response.completed');
    const payloads = events.map((e) => JSON.parse(e.data) as ResponseEvent);
    expect(payloads.map((p) => p.sequence_number)).toEqual(payloads.map((_, i) => i));
    expect(payloads.every((p, i) => p.type === types[i])).toBe(true);
    const deltas = payloads.filter((p) => p.type === 'response.output_text.delta').map((p) => p.delta);
    expect(deltas.join('')).toBe('echo: tell me more');
    expect(payloads.at(-1)?.response?.usage).toMatchObject({
      input_tokens: 14,
      output_tokens: 4,
      total_tokens: 18,
    });
  });

  it('ends an answer cut by max_output_tokens as incomplete', async () => {
    const res = await post('/v1/responses', {
      model: 'gpt-4o',
      input: 'a b c',
      max_output_tokens: 2,
      stream: true,
    });
    const last = parseSse(await res.text()).at(-1);
    expect(last?.event).toBe('response.incomplete');
    expect(JSON.parse(last?.data ?? '{}').response).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      usage: { input_tokens: 3 + 3 + 3, output_tokens: 2 },
    });
  });
});
