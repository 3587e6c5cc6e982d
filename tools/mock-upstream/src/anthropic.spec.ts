import Anthropic from '@anthropic-ai/sdk';
import { startMockUpstream, type MockUpstream } from './server';
import { parseSse } from './sse';

let mock: MockUpstream;
const HEADERS = {
  'x-api-key': 'sk-ant-test',
  'anthropic-version': '2023-06-01',
  'content-type': 'application/json',
};
// "You are terse." = 3 words, "say hello world" = 3 → input 6; the reply "echo: say hello world" = 4.
const BASIC = {
  model: 'claude-3-5-sonnet-20241022',
  max_tokens: 100,
  system: 'You are terse.',
  messages: [{ role: 'user' as const, content: 'say hello world' }],
};
const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather',
  input_schema: {
    type: 'object' as const,
    properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['location'],
  },
};

function post(
  body: unknown,
  headers: Record<string, string> = HEADERS,
  path = '/v1/messages',
): Promise<Response> {
  return fetch(`${mock.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

interface ClaudeEvent {
  type: string;
  message?: { usage?: unknown };
  delta?: { type: string; text?: string; partial_json?: string; stop_reason?: string };
  usage?: unknown;
}

async function events(body: unknown, headers: Record<string, string> = HEADERS) {
  const res = await post({ ...(body as object), stream: true }, headers);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return parseSse(await res.text()).map((e) => ({ event: e.event, data: JSON.parse(e.data) as ClaudeEvent }));
}

// Reads a body chunk by chunk; a dropped connection ends the read with `cut: true`.
async function readUntilClosed(res: Response): Promise<{ text: string; cut: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, cut: false };
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, cut: true };
  }
}

beforeAll(async () => {
  mock = await startMockUpstream();
});
beforeEach(() => mock.reset());
afterAll(() => mock.close());

describe('POST /v1/messages auth', () => {
  it.each([
    ['no x-api-key', { 'anthropic-version': '2023-06-01' }, 401, 'authentication_error'],
    [
      'a bad- key',
      { 'x-api-key': 'bad-key', 'anthropic-version': '2023-06-01' },
      401,
      'authentication_error',
    ],
    [
      'a bad- bearer key',
      { authorization: 'Bearer bad-key', 'anthropic-version': '2023-06-01' },
      401,
      'authentication_error',
    ],
    ['no anthropic-version', { 'x-api-key': 'sk-ant-test' }, 400, 'invalid_request_error'],
  ])('refuses %s in Anthropic shape, and records the request', async (_, headers, status, type) => {
    const res = await post(BASIC, { ...headers, 'content-type': 'application/json' });
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body).toEqual({ type: 'error', error: { type, message: expect.any(String) } });
    expect(mock.requests()).toHaveLength(1);
  });

  it('raises the SDK typed error for a bad key', async () => {
    const client = new Anthropic({ apiKey: 'bad-key', baseURL: mock.url, maxRetries: 0 });
    await expect(client.messages.create(BASIC)).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });
});

describe('POST /v1/messages', () => {
  it('answers a Message with deterministic usage', async () => {
    const res = await post(BASIC);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^msg_/),
      type: 'message',
      role: 'assistant',
      model: 'claude-3-5-sonnet-20241022',
      content: [{ type: 'text', text: 'echo: say hello world' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: 6,
        output_tokens: 4,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    });
    expect(mock.requests()[0]).toMatchObject({ path: '/v1/messages', body: BASIC });
  });

  it('counts system blocks, images (100 each) and tool results', async () => {
    const res = await post({
      ...BASIC,
      system: [{ type: 'text', text: 'one two' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a b c' },
            { type: 'image', source: { type: 'url', url: 'https://x/y.png' } },
          ],
        },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: { q: 'ignored words' } }],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [{ type: 'text', text: 'sunny and warm' }],
            },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
          ],
        },
      ],
    });
    const body = await res.json();
    // 2 + (3 + 100) + 0 + (3 + 100); the reply echoes the tool result: "echo: sunny and warm".
    expect(body.usage).toMatchObject({ input_tokens: 208, output_tokens: 4 });
    expect(body.content).toEqual([{ type: 'text', text: 'echo: sunny and warm' }]);
  });

  it.each([
    [{ ...BASIC, max_tokens: undefined }, 'max_tokens: Field required'],
    [{ ...BASIC, messages: [] }, 'messages: at least one message is required'],
    [{ ...BASIC, model: undefined }, 'model: Field required'],
    [
      { ...BASIC, messages: [{ role: 'system', content: 'x' }] },
      "messages.0.role: Input should be 'user' or 'assistant'",
    ],
    [
      { ...BASIC, thinking: { type: 'enabled', budget_tokens: 100 } },
      '`max_tokens` must be greater than `thinking.budget_tokens`.',
    ],
  ])('refuses an invalid body with 400 invalid_request_error (%#)', async (body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ type: 'error', error: { type: 'invalid_request_error', message } });
  });

  it('stops at max_tokens and at stop sequences', async () => {
    const cut = await (await post({ ...BASIC, max_tokens: 2 })).json();
    expect(cut).toMatchObject({
      content: [{ text: 'echo: say' }],
      stop_reason: 'max_tokens',
      usage: { output_tokens: 2 },
    });
    const stopped = await (await post({ ...BASIC, stop_sequences: ['zzz', 'hello'] })).json();
    expect(stopped).toMatchObject({
      content: [{ text: 'echo: say ' }],
      stop_reason: 'stop_sequence',
      stop_sequence: 'hello',
      usage: { output_tokens: 2 },
    });
  });

  it('calls a tool when the user asks about the weather, or when tool_choice forces it', async () => {
    const weather = {
      ...BASIC,
      tools: [WEATHER_TOOL],
      messages: [{ role: 'user', content: "What's the weather in Paris?" }],
    };
    const body = await (await post(weather)).json();
    expect(body).toMatchObject({
      content: [
        {
          type: 'tool_use',
          id: expect.stringMatching(/^toolu_/),
          name: 'get_weather',
          input: { location: 'mock', unit: 'celsius' },
        },
      ],
      stop_reason: 'tool_use',
      usage: { output_tokens: 10 },
    });
    const forced = await (
      await post({ ...BASIC, tools: [WEATHER_TOOL], tool_choice: { type: 'tool', name: 'get_weather' } })
    ).json();
    expect(forced.stop_reason).toBe('tool_use');
    const plain = await (await post({ ...BASIC, tools: [WEATHER_TOOL] })).json();
    expect(plain.stop_reason).toBe('end_turn');
    const refused = await (await post({ ...weather, tool_choice: { type: 'none' } })).json();
    expect(refused.content[0].type).toBe('text');
  });

  it('creates a cache entry for a cache_control prefix, then reads it', async () => {
    const body = {
      ...BASIC,
      system: [{ type: 'text', text: 'a long shared system prompt', cache_control: { type: 'ephemeral' } }],
    };
    const first = (await (await post(body)).json()).usage;
    expect(first).toEqual({
      input_tokens: 3,
      cache_creation_input_tokens: 5,
      cache_read_input_tokens: 0,
      output_tokens: 4,
    });
    const second = (await (await post(body)).json()).usage;
    expect(second).toEqual({
      input_tokens: 3,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 5,
      output_tokens: 4,
    });
    // A longer conversation reads the old prefix and writes the rest up to its new breakpoint.
    const longer = {
      ...body,
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'first turn here', cache_control: { type: 'ephemeral' } }],
        },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'say hello world' },
      ],
    };
    const third = (await (await post(longer)).json()).usage;
    expect(third).toMatchObject({
      cache_read_input_tokens: 5,
      cache_creation_input_tokens: 3,
      input_tokens: 4,
    });
    mock.reset();
    expect((await (await post(body)).json()).usage.cache_creation_input_tokens).toBe(5);
  });

  it('reports x-mock-cached-tokens as cache reads, capped at the input', async () => {
    const usage = (await (await post(BASIC, { ...HEADERS, 'x-mock-cached-tokens': '4' })).json()).usage;
    expect(usage).toMatchObject({
      input_tokens: 2,
      cache_read_input_tokens: 4,
      cache_creation_input_tokens: 0,
    });
    const capped = (await (await post(BASIC, { ...HEADERS, 'x-mock-cached-tokens': '99' })).json()).usage;
    expect(capped).toMatchObject({ input_tokens: 0, cache_read_input_tokens: 6 });
  });

  it('thinks first when thinking is enabled', async () => {
    const body = await (
      await post({ ...BASIC, max_tokens: 2000, thinking: { type: 'enabled', budget_tokens: 1024 } })
    ).json();
    expect(body.content).toEqual([
      { type: 'thinking', thinking: 'thinking about: say hello world', signature: expect.any(String) },
      { type: 'text', text: 'echo: say hello world' },
    ]);
    expect(body.usage.output_tokens).toBe(5 + 4);
  });
});

describe('POST /v1/messages stream', () => {
  it('sends the real event sequence with usage in message_start and message_delta', async () => {
    const list = await events(BASIC);
    expect(list.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    for (const e of list) expect(e.data.type).toBe(e.event);
    expect(list[0].data.message).toMatchObject({
      content: [],
      stop_reason: null,
      usage: {
        input_tokens: 6,
        output_tokens: 1,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 0,
      },
    });
    expect(
      list
        .slice(3, 7)
        .map((e) => e.data.delta?.text)
        .join(''),
    ).toBe('echo: say hello world');
    expect(list[8].data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 4 },
    });
  });

  it('streams tool input as input_json_delta pieces and thinking with its signature', async () => {
    const list = await events({
      ...BASIC,
      max_tokens: 2000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tools: [WEATHER_TOOL],
      tool_choice: { type: 'any' },
    });
    const deltas = list.filter((e) => e.event === 'content_block_delta').map((e) => e.data.delta?.type);
    expect(deltas).toEqual([
      ...Array(5).fill('thinking_delta'),
      'signature_delta',
      'input_json_delta',
      'input_json_delta',
      'input_json_delta',
    ]);
    const json = list
      .filter((e) => e.data.delta?.type === 'input_json_delta')
      .map((e) => e.data.delta?.partial_json);
    expect(json[0]).toBe('');
    expect(JSON.parse(json.join(''))).toEqual({ location: 'mock', unit: 'celsius' });
    expect(list.at(-2)?.data.delta?.stop_reason).toBe('tool_use');
  });

  it('is read by the official SDK into the same message as the non-stream answer', async () => {
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: mock.url, maxRetries: 0 });
    const request = {
      ...BASIC,
      max_tokens: 2000,
      thinking: { type: 'enabled' as const, budget_tokens: 1024 },
      tools: [WEATHER_TOOL],
      tool_choice: { type: 'any' as const },
    };
    const streamed = await client.messages.stream(request).finalMessage();
    const whole = await client.messages.create(request);
    expect(streamed.content).toEqual(
      whole.content.map((b) => (b.type === 'tool_use' ? { ...b, id: expect.any(String) } : b)),
    );
    expect(streamed.usage).toMatchObject({
      input_tokens: whole.usage.input_tokens,
      output_tokens: whole.usage.output_tokens,
    });
    expect(streamed.stop_reason).toBe('tool_use');
  });
});

describe('behaviours on /v1/messages', () => {
  it.each([
    ['mock-529', {}, 529, 'overloaded_error'],
    ['claude-3-5-sonnet-20241022', { 'x-mock-behaviour': '429' }, 429, 'rate_limit_error'],
    ['mock-500', {}, 500, 'api_error'],
  ])('%s answers in Anthropic error shape', async (model, extra, status, type) => {
    const res = await post({ ...BASIC, model }, { ...HEADERS, ...extra });
    expect(res.status).toBe(status);
    expect((await res.json()).error.type).toBe(type);
  });

  it('refuses an unknown behaviour header in Anthropic shape', async () => {
    const res = await post(BASIC, { ...HEADERS, 'x-mock-behaviour': 'explode' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({
      type: 'invalid_request_error',
      message: 'unknown mock behaviour "explode"',
    });
  });

  it('leaves usage out under no-usage', async () => {
    const body = await (await post({ ...BASIC, model: 'mock-no-usage' })).json();
    expect(body.usage).toBeUndefined();
    const list = await events({ ...BASIC, model: 'mock-no-usage' });
    expect(list[0].data.message?.usage).toBeUndefined();
    expect(list.at(-2)?.data.usage).toBeUndefined();
  });

  it('cuts the stream after N frames', async () => {
    const res = await post(
      { ...BASIC, stream: true },
      { ...HEADERS, 'x-mock-behaviour': 'cut-stream,chunks=3' },
    );
    const { text, cut } = await readUntilClosed(res);
    expect(cut).toBe(true);
    expect(parseSse(text).map((e) => e.event)).toEqual(['message_start', 'content_block_start', 'ping']);
  });

  it('drips frames slowly', async () => {
    const started = Date.now();
    await events(BASIC, { ...HEADERS, 'x-mock-behaviour': 'slow-drip,delayMs=20' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9 * 20);
  });
});

describe('GET /v1/models', () => {
  it('lists Claude models for an x-api-key caller and OpenAI models for a bearer caller', async () => {
    const claude = await (await fetch(`${mock.url}/v1/models`, { headers: HEADERS })).json();
    expect(claude).toMatchObject({ has_more: false, first_id: 'claude-opus-4-1-20250805' });
    expect(claude.data[0]).toEqual({
      type: 'model',
      id: 'claude-opus-4-1-20250805',
      display_name: 'Claude Opus 4.1',
      created_at: '2025-08-05T00:00:00Z',
    });
    const openai = await (
      await fetch(`${mock.url}/v1/models`, { headers: { authorization: 'Bearer sk' } })
    ).json();
    expect(openai.object).toBe('list');
  });

  it('lists through the SDK', async () => {
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: mock.url, maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toContain('claude-sonnet-4-20250514');
  });
});
