import {
  type APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { type MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { BACKENDS } from './support/test-app';
import {
  CHANNEL,
  CLAUDE_WEATHER_TOOL,
  type RelayFixture,
  rejectionOf,
  startRelayFixture,
} from './support/relay-fixtures';

const CLAUDE_MODEL = 'claude-3-5-haiku-20241022';
const CLAUDE_KEY = 'sk-ant-channel-secret-91c2';
const CONVERTED_MODEL = 'gpt-4o-mini';
const RETRY_MODEL = 'claude-retry';

const ask = (content: string): MessageParam[] => [{ role: 'user', content }];

// Anthropic SDK callers on POST /v1/messages: a Claude channel answers byte for byte, an OpenAI channel
// through the pivot; the SDK must read both, and every refusal as its typed error.
describe.each(BACKENDS)('relay: Anthropic SDK on /v1/messages (%s)', (backend) => {
  let f: RelayFixture;
  let key: string;
  let claudeChannel: number;
  let openaiChannel: number;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    const priced = [CLAUDE_MODEL, CONVERTED_MODEL, RETRY_MODEL, 'lonely-model', 'mock-429'];
    await f.setOption('ModelRatio', JSON.stringify(Object.fromEntries(priced.map((m) => [m, 1]))));
    await f.setOption('RetryTimes', '1');
    claudeChannel = await f.addChannel({
      type: CHANNEL.anthropic,
      key: CLAUDE_KEY,
      models: `${CLAUDE_MODEL},mock-429`,
    });
    openaiChannel = await f.addChannel({ models: CONVERTED_MODEL });
    await f.addChannel({
      type: CHANNEL.anthropic,
      key: CLAUDE_KEY,
      models: RETRY_MODEL,
      priority: 10,
      header_override: JSON.stringify({ 'x-mock-behaviour': '500' }),
    });
    await f.addChannel({ models: RETRY_MODEL, priority: 0 });
    key = await f.newToken();
  });
  afterAll(() => f.close());
  beforeEach(() => f.mock.reset());

  it('lists the token’s models in Anthropic’s shape for the Anthropic SDK', async () => {
    const ids: string[] = [];
    for await (const model of f.anthropic(key).models.list()) {
      expect(model).toMatchObject({ type: 'model', display_name: model.id });
      ids.push(model.id);
    }
    expect(ids).toEqual(expect.arrayContaining([CLAUDE_MODEL, CONVERTED_MODEL, RETRY_MODEL]));
    const openAiShape = await f.openai(key).models.list();
    expect(openAiShape.data.map((model) => model.object)).toContain('model');
  });

  describe('on a Claude channel (pass-through)', () => {
    it('answers a message, forwards the body with the channel key, and logs the usage', async () => {
      const { data, response } = await f
        .anthropic(key)
        .messages.create({ model: CLAUDE_MODEL, max_tokens: 100, messages: ask('hello there') })
        .withResponse();
      expect(data).toMatchObject({
        type: 'message',
        role: 'assistant',
        model: CLAUDE_MODEL,
        content: [{ type: 'text', text: 'echo: hello there' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 2, output_tokens: 3 },
      });
      const [seen] = f.mock.requests();
      expect(seen.path).toBe('/v1/messages');
      expect(seen.headers['x-api-key']).toBe(CLAUDE_KEY);
      expect(seen.body).toEqual({ model: CLAUDE_MODEL, max_tokens: 100, messages: ask('hello there') });
      const log = await f.logOf(response.headers.get('x-request-id') ?? '');
      expect(log).toMatchObject({
        channel: claudeChannel,
        modelName: CLAUDE_MODEL,
        promptTokens: 2,
        completionTokens: 3,
        isStream: false,
      });
      expect(log.other.request_path).toBe('/v1/messages');
    });

    it('streams the events the SDK assembles into the same message', async () => {
      const stream = f
        .anthropic(key)
        .messages.stream({ model: CLAUDE_MODEL, max_tokens: 100, messages: ask('one two three') });
      const deltas: string[] = [];
      stream.on('text', (text) => deltas.push(text));
      const { response } = await stream.withResponse();
      const message = await stream.finalMessage();
      expect(deltas.join('')).toBe('echo: one two three');
      expect(message).toMatchObject({ stop_reason: 'end_turn', usage: { output_tokens: 4 } });
      expect(f.mock.requests()[0].body).toMatchObject({ stream: true });
      const log = await f.logOf(response.headers.get('x-request-id') ?? '');
      expect(log).toMatchObject({ promptTokens: 3, completionTokens: 4, isStream: true });
    });

    it('calls a tool, then echoes the tool result sent back', async () => {
      const client = f.anthropic(key);
      const question = ask('What is the weather in Paris?');
      const first = await client.messages.create({
        model: CLAUDE_MODEL,
        max_tokens: 100,
        messages: question,
        tools: [CLAUDE_WEATHER_TOOL],
      });
      expect(first.stop_reason).toBe('tool_use');
      const call = first.content.find((block) => block.type === 'tool_use');
      expect(call).toMatchObject({ name: 'get_weather', input: { city: 'mock' } });
      if (call?.type !== 'tool_use') throw new Error('no tool call');
      const second = await client.messages.create({
        model: CLAUDE_MODEL,
        max_tokens: 100,
        tools: [CLAUDE_WEATHER_TOOL],
        messages: [
          ...question,
          { role: 'assistant', content: first.content },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: call.id, content: 'sunny and mild' }],
          },
        ],
      });
      expect(second.stop_reason).toBe('end_turn');
      expect(second.content).toEqual([{ type: 'text', text: 'echo: sunny and mild' }]);
    });
  });

  it('takes the key from x-api-key too, as other Claude clients send it', async () => {
    const response = await f.t
      .http()
      .post('/v1/messages')
      .set('x-api-key', key)
      .set('anthropic-version', '2023-06-01')
      .send({ model: CONVERTED_MODEL, max_tokens: 20, messages: ask('by header') });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ type: 'message', content: [{ text: 'echo: by header' }] });
  });

  describe('on an OpenAI channel (converted)', () => {
    it('answers in Claude shape what the provider answered in OpenAI shape', async () => {
      const { data, response } = await f
        .anthropic(key)
        .messages.create({
          model: CONVERTED_MODEL,
          max_tokens: 100,
          system: 'Be brief.',
          messages: ask('hello there'),
        })
        .withResponse();
      // OpenAI mock usage: 3 + (3 + 2 words of system) + (3 + 2 words of the question) = 13
      expect(data).toMatchObject({
        type: 'message',
        role: 'assistant',
        model: CONVERTED_MODEL,
        content: [{ type: 'text', text: 'echo: hello there' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 13, output_tokens: 3 },
      });
      const [seen] = f.mock.requests();
      expect(seen.path).toBe('/v1/chat/completions');
      expect(seen.body).toMatchObject({
        model: CONVERTED_MODEL,
        max_tokens: 100,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'hello there' },
        ],
      });
      const log = await f.logOf(response.headers.get('x-request-id') ?? '');
      expect(log).toMatchObject({ channel: openaiChannel, promptTokens: 13, completionTokens: 3 });
    });

    it('streams OpenAI chunks as Claude events, usage included', async () => {
      const stream = f
        .anthropic(key)
        .messages.stream({ model: CONVERTED_MODEL, max_tokens: 100, messages: ask('one two three') });
      const events: string[] = [];
      stream.on('streamEvent', (event) => events.push(event.type));
      const { response } = await stream.withResponse();
      const message = await stream.finalMessage();
      expect(message.content).toMatchObject([{ type: 'text', text: 'echo: one two three' }]);
      expect(message).toMatchObject({
        stop_reason: 'end_turn',
        usage: { input_tokens: 9, output_tokens: 4 },
      });
      expect(events[0]).toBe('message_start');
      expect(events.slice(-2)).toEqual(['message_delta', 'message_stop']);
      expect(f.mock.requests()[0].body).toMatchObject({
        stream: true,
        stream_options: { include_usage: true },
      });
      const log = await f.logOf(response.headers.get('x-request-id') ?? '');
      expect(log).toMatchObject({ promptTokens: 9, completionTokens: 4, isStream: true });
    });

    it('sends tools and a tool result round trip in OpenAI shape', async () => {
      await f.anthropic(key).messages.create({
        model: CONVERTED_MODEL,
        max_tokens: 100,
        tools: [CLAUDE_WEATHER_TOOL],
        tool_choice: { type: 'tool', name: 'get_weather' },
        messages: [
          ...ask('What is the weather in Paris?'),
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] },
        ],
      });
      expect(f.mock.requests()[0].body).toMatchObject({
        tools: [
          {
            type: 'function',
            function: { name: 'get_weather', parameters: CLAUDE_WEATHER_TOOL.input_schema },
          },
        ],
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
        messages: [
          { role: 'user', content: 'What is the weather in Paris?' },
          {
            role: 'assistant',
            tool_calls: [
              {
                id: 'toolu_1',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'toolu_1', content: 'sunny' },
        ],
      });
    });

    it('retries a failing Claude channel on an OpenAI channel and answers in Claude shape', async () => {
      const { data, response } = await f
        .anthropic(key)
        .messages.create({ model: RETRY_MODEL, max_tokens: 100, messages: ask('again please') })
        .withResponse();
      expect(data.content).toEqual([{ type: 'text', text: 'echo: again please' }]);
      expect(f.mock.requests().map((seen) => seen.path)).toEqual(['/v1/messages', '/v1/chat/completions']);
      const log = await f.logOf(response.headers.get('x-request-id') ?? '');
      expect((log.other.admin_info as { use_channel: string[] }).use_channel).toHaveLength(2);
    });
  });

  describe('refusals, as the SDK’s typed errors', () => {
    const create = (apiKey: string, model = CLAUDE_MODEL) =>
      f.anthropic(apiKey).messages.create({ model, max_tokens: 10, messages: ask('hi') });
    const expectClaudeShape = (error: APIError, type: string) => {
      expect(error.error).toMatchObject({ type: 'error', error: { type } });
      const requestId = error.headers?.get('x-request-id') ?? '';
      expect(error.message).toContain(`(request id: ${requestId})`);
      expect(requestId).not.toBe('');
    };

    it('a bad key is an AuthenticationError', async () => {
      const error = await rejectionOf(create('sk-not-a-real-token'), AuthenticationError);
      expect(error.status).toBe(401);
      expectClaudeShape(error, 'authentication_error');
    });

    it('a model the token may not use is a PermissionDeniedError; a model without a channel a 503', async () => {
      const limited = await f.newToken({ model_limits_enabled: true, model_limits: CONVERTED_MODEL });
      const denied = await rejectionOf(create(limited), PermissionDeniedError);
      expectClaudeShape(denied, 'permission_error');
      const none = await rejectionOf(create(key, 'lonely-model'), InternalServerError);
      expect(none.status).toBe(503);
      expectClaudeShape(none, 'api_error');
      expect(none.message).toContain('lonely-model');
    });

    it('a user without quota is a PermissionDeniedError', async () => {
      await f.t.createUser('bob', 'bob-pass-12');
      const bob = await f.t.signIn('bob', 'bob-pass-12');
      const error = await rejectionOf(create(await f.newToken({}, bob)), PermissionDeniedError);
      expectClaudeShape(error, 'permission_error');
    });

    it('a body without messages is a BadRequestError', async () => {
      const call = f.anthropic(key).messages.create({ model: CLAUDE_MODEL, max_tokens: 10, messages: [] });
      const error = await rejectionOf(call, BadRequestError);
      expectClaudeShape(error, 'invalid_request_error');
      expect(error.message).toContain('messages is required');
    });

    it('a provider refusal keeps its status and reaches the caller without the channel key', async () => {
      const error = await rejectionOf(create(key, 'mock-429'), RateLimitError);
      expectClaudeShape(error, 'rate_limit_error');
      expect(JSON.stringify(error.error)).not.toContain(CLAUDE_KEY);
    });
  });
});
