import { type Content, FinishReason, type GenerateContentResponse } from '@google/genai';
import { type MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { BACKENDS } from './support/test-app';
import {
  CHANNEL,
  CLAUDE_WEATHER_TOOL,
  PNG_BASE64,
  type RelayFixture,
  startRelayFixture,
} from './support/relay-fixtures';

const CLAUDE_MODEL = 'claude-3-5-haiku-20241022';
const GEMINI_MODEL = 'gemini-2.0-flash';
const WEATHER = 'What is the weather in Paris?';

const GEMINI_WEATHER_TOOLS = [
  {
    functionDeclarations: [
      {
        name: CLAUDE_WEATHER_TOOL.name,
        description: CLAUDE_WEATHER_TOOL.description,
        parametersJsonSchema: CLAUDE_WEATHER_TOOL.input_schema,
      },
    ],
  },
];

const textOf = (response: GenerateContentResponse): string =>
  (response.candidates?.[0]?.content?.parts ?? []).map((part) => part.text ?? '').join('');

// One native protocol to the other, through the pivot both ways: an Anthropic SDK caller on a Gemini channel
// and a @google/genai caller on a Claude channel keep their text, tool calls, images and finish reasons.
describe.each(BACKENDS)('relay: Claude callers on Gemini, Gemini callers on Claude (%s)', (backend) => {
  let f: RelayFixture;
  let key: string;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    await f.setOption('ModelRatio', JSON.stringify({ [CLAUDE_MODEL]: 1, [GEMINI_MODEL]: 1 }));
    await f.addChannel({ type: CHANNEL.anthropic, key: 'sk-ant-cross', models: CLAUDE_MODEL });
    await f.addChannel({ type: CHANNEL.gemini, key: 'gemini-cross', models: GEMINI_MODEL });
    key = await f.newToken();
  });
  afterAll(() => f.close());
  beforeEach(() => f.mock.reset());

  describe('Anthropic SDK on a Gemini channel', () => {
    const create = (messages: MessageParam[], extra: { max_tokens?: number } = {}) =>
      f.anthropic(key).messages.create({
        model: GEMINI_MODEL,
        max_tokens: 100,
        tools: [CLAUDE_WEATHER_TOOL],
        messages,
        ...extra,
      });

    it('answers text with usage, and max_tokens as the stop reason of a cut answer', async () => {
      const answer = await create([{ role: 'user', content: 'hello there' }]);
      expect(answer).toMatchObject({
        model: GEMINI_MODEL,
        content: [{ type: 'text', text: 'echo: hello there' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 2, output_tokens: 3 },
      });
      expect(f.mock.requests()[0]).toMatchObject({
        path: `/v1beta/models/${GEMINI_MODEL}:generateContent`,
        body: { generationConfig: { maxOutputTokens: 100 } },
      });
      const cut = await create([{ role: 'user', content: 'a long question to answer' }], { max_tokens: 2 });
      expect(cut).toMatchObject({ content: [{ text: 'echo: a' }], stop_reason: 'max_tokens' });
    });

    it('round-trips a tool call: tool_use out, tool_result back, the echo of the result', async () => {
      const question: MessageParam = { role: 'user', content: WEATHER };
      const first = await create([question]);
      expect(first.stop_reason).toBe('tool_use');
      const call = first.content.find((block) => block.type === 'tool_use');
      expect(call).toMatchObject({ name: 'get_weather', input: { city: 'mock' } });
      if (call?.type !== 'tool_use') throw new Error('no tool call');
      const second = await create([
        question,
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'sunny and mild' }] },
      ]);
      expect(second).toMatchObject({
        content: [{ type: 'text', text: 'echo: sunny and mild' }],
        stop_reason: 'end_turn',
      });
      const contents = (f.mock.requests()[1].body as { contents: Content[] }).contents;
      expect(contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
      expect(contents[1].parts?.[0].functionCall).toMatchObject({
        name: 'get_weather',
        args: { city: 'mock' },
      });
      expect(contents[2].parts?.[0].functionResponse).toMatchObject({ name: 'get_weather' });
    });

    it('streams a tool call the SDK assembles into a tool_use block', async () => {
      const message = await f
        .anthropic(key)
        .messages.stream({
          model: GEMINI_MODEL,
          max_tokens: 100,
          tools: [CLAUDE_WEATHER_TOOL],
          messages: [{ role: 'user', content: WEATHER }],
        })
        .finalMessage();
      expect(message.stop_reason).toBe('tool_use');
      expect(message.content).toMatchObject([
        { type: 'tool_use', name: 'get_weather', input: { city: 'mock' } },
      ]);
    });

    it('sends a base64 image as inline data', async () => {
      const answer = await create([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'describe this' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
          ],
        },
      ]);
      expect(answer.content).toMatchObject([{ type: 'text', text: 'echo: describe this' }]);
      const parts = (f.mock.requests()[0].body as { contents: Content[] }).contents[0].parts;
      expect(parts).toContainEqual({ inlineData: { mimeType: 'image/png', data: PNG_BASE64 } });
    });
  });

  describe('@google/genai on a Claude channel', () => {
    it('answers text with usage, and MAX_TOKENS for a cut answer', async () => {
      const ai = f.gemini(key);
      const answer = await ai.models.generateContent({
        model: CLAUDE_MODEL,
        contents: 'hello there',
        config: { systemInstruction: 'Be brief.' },
      });
      expect(textOf(answer)).toBe('echo: hello there');
      expect(answer.candidates?.[0].finishReason).toBe(FinishReason.STOP);
      expect(answer.usageMetadata).toMatchObject({ promptTokenCount: 4, candidatesTokenCount: 3 });
      expect(f.mock.requests()[0]).toMatchObject({
        path: '/v1/messages',
        body: { system: 'Be brief.', messages: [{ role: 'user', content: 'hello there' }] },
      });
      const cut = await ai.models.generateContent({
        model: CLAUDE_MODEL,
        contents: 'a long question to answer',
        config: { maxOutputTokens: 2 },
      });
      expect(textOf(cut)).toBe('echo: a');
      expect(cut.candidates?.[0].finishReason).toBe(FinishReason.MAX_TOKENS);
    });

    it('round-trips a function call: the call out, the function response back, its echo', async () => {
      const ai = f.gemini(key);
      const config = { tools: GEMINI_WEATHER_TOOLS };
      const question: Content = { role: 'user', parts: [{ text: WEATHER }] };
      const first = await ai.models.generateContent({ model: CLAUDE_MODEL, contents: [question], config });
      expect(first.functionCalls).toEqual([
        expect.objectContaining({ name: 'get_weather', args: { city: 'mock' } }),
      ]);
      const second = await ai.models.generateContent({
        model: CLAUDE_MODEL,
        config,
        contents: [
          question,
          { role: 'model', parts: [{ functionCall: first.functionCalls?.[0] }] },
          {
            role: 'user',
            parts: [{ functionResponse: { name: 'get_weather', response: { result: 'sunny and mild' } } }],
          },
        ],
      });
      // The function response reaches Claude as a tool_result holding its JSON, which the mock echoes.
      expect(textOf(second)).toBe('echo: {"result":"sunny and mild"}');
      const messages = (f.mock.requests()[1].body as { messages: MessageParam[] }).messages;
      expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
      const [toolUse] = messages[1].content as Array<{ type: string; id: string }>;
      expect(toolUse).toMatchObject({ type: 'tool_use', name: 'get_weather' });
      expect(messages[2].content).toMatchObject([{ type: 'tool_result', tool_use_id: toolUse.id }]);
    });

    it('streams text and then a whole function call', async () => {
      const ai = f.gemini(key);
      const text = await ai.models.generateContentStream({ model: CLAUDE_MODEL, contents: 'one two three' });
      const chunks: GenerateContentResponse[] = [];
      for await (const chunk of text) chunks.push(chunk);
      expect(chunks.map(textOf).join('')).toBe('echo: one two three');
      expect(chunks.at(-1)?.usageMetadata).toMatchObject({ promptTokenCount: 3, candidatesTokenCount: 4 });
      const calls = await ai.models.generateContentStream({
        model: CLAUDE_MODEL,
        contents: WEATHER,
        config: { tools: GEMINI_WEATHER_TOOLS },
      });
      const called: GenerateContentResponse[] = [];
      for await (const chunk of calls) called.push(chunk);
      expect(called.flatMap((chunk) => chunk.functionCalls ?? [])).toEqual([
        expect.objectContaining({ name: 'get_weather', args: { city: 'mock' } }),
      ]);
    });

    it('sends inline image data as a base64 image block', async () => {
      await f.gemini(key).models.generateContent({
        model: CLAUDE_MODEL,
        contents: [
          {
            role: 'user',
            parts: [{ text: 'describe this' }, { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } }],
          },
        ],
      });
      const [message] = (f.mock.requests()[0].body as { messages: MessageParam[] }).messages;
      expect(message.content).toContainEqual({
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
      });
    });
  });
});
