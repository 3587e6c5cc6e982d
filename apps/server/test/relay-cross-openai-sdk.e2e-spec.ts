import { IMAGE_TOKENS, type RecordedRequest } from '@tollgate/mock-upstream';
import type OpenAI from 'openai';
import { type ChatCompletionChunk, type ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { BACKENDS } from './support/test-app';
import {
  CHANNEL,
  OPENAI_WEATHER_TOOL,
  PNG_BASE64,
  type RelayFixture,
  startRelayFixture,
} from './support/relay-fixtures';

interface Provider {
  name: string;
  type: number;
  model: string;
  /** Where the converted chat reaches the mock. */
  path: string;
  /** The image part the provider received, in its own shape. */
  imageOf(seen: RecordedRequest): unknown;
}

const PROVIDERS: Provider[] = [
  {
    name: 'Claude',
    type: CHANNEL.anthropic,
    model: 'claude-3-5-haiku-20241022',
    path: '/v1/messages',
    imageOf: (seen) =>
      (seen.body as { messages: { content: { type: string }[] }[] }).messages[0].content.find(
        (block) => block.type === 'image',
      ),
  },
  {
    name: 'Gemini',
    type: CHANNEL.gemini,
    model: 'gemini-2.0-flash',
    path: '/v1beta/models/gemini-2.0-flash:generateContent',
    imageOf: (seen) =>
      (seen.body as { contents: { parts: { inlineData?: unknown }[] }[] }).contents[0].parts.find(
        (part) => part.inlineData !== undefined,
      ),
  },
];

const EXPECTED_IMAGE: Record<string, unknown> = {
  Claude: { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
  Gemini: { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
};

const RATIOS = Object.fromEntries(PROVIDERS.map((provider) => [provider.model, 1]));

const WEATHER_QUESTION: ChatCompletionMessageParam = {
  role: 'user',
  content: 'What is the weather in Paris?',
};

async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const streamedText = (chunks: ChatCompletionChunk[]): string =>
  chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');

const finishOf = (chunks: ChatCompletionChunk[]) =>
  chunks.map((chunk) => chunk.choices[0]?.finish_reason).find((reason) => reason);

// OpenAI SDK callers on Claude and Gemini channels: the call is converted to the provider's protocol and its
// answers, streams, tool calls, finish reasons and usage come back in OpenAI's shape.
describe.each(BACKENDS)('relay: openai SDK on native channels (%s)', (backend) => {
  let f: RelayFixture;
  let client: OpenAI;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    await f.setOption('ModelRatio', JSON.stringify(RATIOS));
    for (const provider of PROVIDERS) {
      await f.addChannel({
        type: provider.type,
        key: `${provider.name}-channel-key`,
        models: provider.model,
      });
    }
    client = f.openai(await f.newToken());
  });
  afterAll(() => f.close());
  beforeEach(() => f.mock.reset());

  it('embeds through a Gemini channel: batchEmbedContents upstream, OpenAI’s list back, billed by input', async () => {
    await f.setOption('ModelRatio', JSON.stringify({ ...RATIOS, 'text-embedding-004': 0.5 }));
    await f.addChannel({ type: CHANNEL.gemini, key: 'gemini-embed-key', models: 'text-embedding-004' });
    const { data, response } = await client.embeddings
      .create({ model: 'text-embedding-004', input: ['first text', 'second text'] })
      .withResponse();
    expect(data.data.map((item) => item.index)).toEqual([0, 1]);
    expect(data.data[0].embedding.length).toBeGreaterThan(0);
    expect(data.usage.prompt_tokens).toBeGreaterThan(0);
    expect(f.mock.requests()[0].path).toBe('/v1beta/models/text-embedding-004:batchEmbedContents');
    const log = await f.logOf(response.headers.get('x-request-id') ?? '');
    expect(log).toMatchObject({ promptTokens: data.usage.prompt_tokens, completionTokens: 0 });
    expect(log.quota).toBe(Math.round(data.usage.prompt_tokens * 0.5));
  });

  describe.each(PROVIDERS)('on a $name channel', (provider) => {
    const { model } = provider;

    it('answers a chat with the reply, finish reason and the provider’s usage', async () => {
      const { data, response } = await client.chat.completions
        .create({
          model,
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'hello there' },
          ],
        })
        .withResponse();
      expect(data).toMatchObject({
        object: 'chat.completion',
        model,
        choices: [{ message: { role: 'assistant', content: 'echo: hello there' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 },
      });
      expect(f.mock.requests()[0].path).toBe(provider.path);
      const log = await f.logOf(response.headers.get('x-request-id') ?? '');
      expect(log).toMatchObject({ modelName: model, promptTokens: 4, completionTokens: 3 });
    });

    it('streams text chunks; the usage chunk only when asked for', async () => {
      const logged = (await f.consumeLogs()).length;
      const plain = await collect(
        await client.chat.completions.create({
          model,
          stream: true,
          messages: [{ role: 'user', content: 'one two three' }],
        }),
      );
      expect(streamedText(plain)).toBe('echo: one two three');
      expect(finishOf(plain)).toBe('stop');
      expect(plain.every((chunk) => chunk.choices.length > 0)).toBe(true);
      const withUsage = await collect(
        await client.chat.completions.create({
          model,
          stream: true,
          stream_options: { include_usage: true },
          messages: [{ role: 'user', content: 'one two three' }],
        }),
      );
      expect(withUsage.at(-1)).toMatchObject({
        choices: [],
        usage: { prompt_tokens: 3, completion_tokens: 4 },
      });
      const logs = await f.logsAfter(logged, 2);
      expect(logs.map((log) => [log.promptTokens, log.completionTokens, log.isStream])).toEqual([
        [3, 4, true],
        [3, 4, true],
      ]);
    });

    it('reports an answer cut at max_tokens as length', async () => {
      const answer = await client.chat.completions.create({
        model,
        max_tokens: 2,
        messages: [{ role: 'user', content: 'a long question to answer' }],
      });
      expect(answer.choices[0]).toMatchObject({ message: { content: 'echo: a' }, finish_reason: 'length' });
    });

    it('round-trips a tool call: the call, then the echo of the tool result', async () => {
      const first = await client.chat.completions.create({
        model,
        messages: [WEATHER_QUESTION],
        tools: [OPENAI_WEATHER_TOOL],
      });
      const [choice] = first.choices;
      expect(choice.finish_reason).toBe('tool_calls');
      const call = choice.message.tool_calls?.[0];
      expect(call).toMatchObject({
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"mock"}' },
      });
      if (call?.type !== 'function') throw new Error('no function call');
      const second = await client.chat.completions.create({
        model,
        tools: [OPENAI_WEATHER_TOOL],
        messages: [
          WEATHER_QUESTION,
          choice.message,
          { role: 'tool', tool_call_id: call.id, content: 'sunny and mild' },
        ],
      });
      expect(second.choices[0]).toMatchObject({
        message: { content: 'echo: sunny and mild' },
        finish_reason: 'stop',
      });
    });

    it('streams a tool call whole enough to rebuild, with the tool_calls finish', async () => {
      const chunks = await collect(
        await client.chat.completions.create({
          model,
          stream: true,
          messages: [WEATHER_QUESTION],
          tools: [OPENAI_WEATHER_TOOL],
        }),
      );
      const calls = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
      expect(calls[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'get_weather' } });
      expect(calls[0].id).toBeTruthy();
      expect(calls.map((piece) => piece.function?.arguments ?? '').join('')).toBe('{"city":"mock"}');
      expect(finishOf(chunks)).toBe('tool_calls');
    });

    it('sends an image data URL as the provider’s inline image and bills its tokens', async () => {
      const answer = await client.chat.completions.create({
        model,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'describe this' },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
            ],
          },
        ],
      });
      expect(provider.imageOf(f.mock.requests()[0])).toEqual(EXPECTED_IMAGE[provider.name]);
      expect(answer.usage?.prompt_tokens).toBe(2 + IMAGE_TOKENS);
    });
  });
});
