import { PermissionDeniedError } from 'openai';
import { type GenerateContentResponse } from '@google/genai';
import { createServiceAccount } from '@tollgate/mock-upstream';
import { type ChatCompletionChunk } from 'openai/resources/chat/completions';
import { BACKENDS } from './support/test-app';
import {
  CHANNEL,
  OPENAI_WEATHER_TOOL,
  type RelayFixture,
  rejectionOf,
  startRelayFixture,
} from './support/relay-fixtures';

const AWS = { accessKeyId: 'AKIAMOCKRELAY', secretAccessKey: 'relay/Secret+Key=42' };
const BEDROCK_MODEL = 'claude-3-haiku-20240307';
// Served only through a cross-region inference profile (us.… in us-east-1).
const BEDROCK_PROFILE_MODEL = 'claude-sonnet-4-5-20250929';
const BEDROCK_DENIED_MODEL = 'claude-3-opus-20240229';
const VERTEX_GEMINI = 'gemini-2.0-flash';
const VERTEX_CLAUDE = 'claude-3-5-sonnet-20240620';
const VERTEX_MODELS = '/v1/projects/mock-project/locations/us-east5/publishers';

const ask = (content: string) => [{ role: 'user' as const, content }];

async function textOfStream(stream: AsyncIterable<ChatCompletionChunk>) {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return {
    text: chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''),
    usage: chunks.at(-1)?.usage,
    chunks,
  };
}

// The cloud hosts of the same models: Vertex AI (a service-account key exchanged for a token; Gemini and
// Claude models) and Bedrock (SigV4; Claude in AWS event-stream frames), through the official SDKs.
describe.each(BACKENDS)('relay: Vertex AI and Bedrock channels (%s)', (backend) => {
  const account = createServiceAccount();
  let f: RelayFixture;
  let key: string;
  let vertexChannel: number;
  let bedrockChannel: number;

  beforeAll(async () => {
    f = await startRelayFixture(backend, {
      vertexServiceAccounts: [account.account],
      bedrockCredentials: [AWS],
    });
    const models = [VERTEX_GEMINI, VERTEX_CLAUDE, BEDROCK_MODEL, BEDROCK_PROFILE_MODEL, BEDROCK_DENIED_MODEL];
    await f.setOption('ModelRatio', JSON.stringify(Object.fromEntries(models.map((m) => [m, 1]))));
    vertexChannel = await f.addChannel({
      type: CHANNEL.vertex,
      key: JSON.stringify(account.keyFile(`${f.mock.url}/token`)),
      other: 'us-east5',
      models: `${VERTEX_GEMINI},${VERTEX_CLAUDE}`,
    });
    bedrockChannel = await f.addChannel({
      type: CHANNEL.bedrock,
      key: `${AWS.accessKeyId}|${AWS.secretAccessKey}|us-east-1`,
      models: `${BEDROCK_MODEL},${BEDROCK_PROFILE_MODEL}`,
    });
    await f.addChannel({
      type: CHANNEL.bedrock,
      key: `${AWS.accessKeyId}|not-the-real-secret|us-east-1`,
      models: BEDROCK_DENIED_MODEL,
    });
    key = await f.newToken();
  });
  afterAll(() => f.close());
  beforeEach(() => f.mock.reset());

  describe('Vertex AI (type 41)', () => {
    it('answers a Gemini model to the openai SDK with a fetched access token', async () => {
      const { data, response } = await f
        .openai(key)
        .chat.completions.create({ model: VERTEX_GEMINI, messages: ask('hello there') })
        .withResponse();
      expect(data.choices[0]).toMatchObject({
        message: { content: 'echo: hello there' },
        finish_reason: 'stop',
      });
      expect(data.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 3 });
      const seen = f.mock.requests().at(-1);
      expect(seen?.path).toBe(`${VERTEX_MODELS}/google/models/${VERTEX_GEMINI}:generateContent`);
      expect(seen?.headers.authorization).toMatch(/^Bearer ya29\.mock-/);
      const log = await f.logOf(response.headers.get('x-request-id') ?? '');
      expect(log).toMatchObject({ channel: vertexChannel, promptTokens: 2, completionTokens: 3 });
    });

    it('streams a Gemini model to the openai SDK', async () => {
      const { text, usage } = await textOfStream(
        await f.openai(key).chat.completions.create({
          model: VERTEX_GEMINI,
          stream: true,
          stream_options: { include_usage: true },
          messages: ask('one two three'),
        }),
      );
      expect(text).toBe('echo: one two three');
      expect(usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 4 });
      expect(f.mock.requests().at(-1)).toMatchObject({
        path: `${VERTEX_MODELS}/google/models/${VERTEX_GEMINI}:streamGenerateContent`,
        query: 'alt=sse',
      });
    });

    it('answers a Claude model over rawPredict, stream and not', async () => {
      const answer = await f.openai(key).chat.completions.create({
        model: VERTEX_CLAUDE,
        messages: ask('hello there'),
      });
      expect(answer.choices[0].message.content).toBe('echo: hello there');
      const seen = f.mock.requests().at(-1);
      expect(seen?.path).toBe(`${VERTEX_MODELS}/anthropic/models/claude-3-5-sonnet@20240620:rawPredict`);
      expect(seen?.body).toMatchObject({ anthropic_version: 'vertex-2023-10-16' });
      expect(seen?.body).not.toHaveProperty('model');
      const { text } = await textOfStream(
        await f.openai(key).chat.completions.create({
          model: VERTEX_CLAUDE,
          stream: true,
          messages: ask('one two three'),
        }),
      );
      expect(text).toBe('echo: one two three');
      expect(f.mock.requests().at(-1)?.path).toMatch(/:streamRawPredict$/);
    });

    it('serves the native SDKs in their own protocol: Anthropic for Claude, genai for Gemini', async () => {
      const message = await f
        .anthropic(key)
        .messages.stream({ model: VERTEX_CLAUDE, max_tokens: 50, messages: ask('hello claude') })
        .finalMessage();
      expect(message.content).toMatchObject([{ type: 'text', text: 'echo: hello claude' }]);
      expect(message.usage).toMatchObject({ input_tokens: 2, output_tokens: 3 });
      const answer: GenerateContentResponse = await f
        .gemini(key)
        .models.generateContent({ model: VERTEX_GEMINI, contents: 'hello gemini' });
      expect(answer.candidates?.[0].content?.parts?.[0].text).toBe('echo: hello gemini');
      expect(answer.usageMetadata).toMatchObject({ promptTokenCount: 2, candidatesTokenCount: 3 });
    });
  });

  describe('Bedrock (type 33)', () => {
    it('answers the openai SDK from a signed InvokeModel call', async () => {
      const { data, response } = await f
        .openai(key)
        .chat.completions.create({ model: BEDROCK_MODEL, messages: ask('hello there') })
        .withResponse();
      expect(data.choices[0]).toMatchObject({
        message: { content: 'echo: hello there' },
        finish_reason: 'stop',
      });
      expect(data.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 3 });
      const seen = f.mock.requests().at(-1);
      expect(seen?.path).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke');
      expect(seen?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAMOCKRELAY\//);
      const log = await f.logOf(response.headers.get('x-request-id') ?? '');
      expect(log).toMatchObject({ channel: bedrockChannel, promptTokens: 2, completionTokens: 3 });
    });

    it('streams event-stream frames to the openai SDK as chunks, with usage', async () => {
      const { data: stream, response } = await f
        .openai(key)
        .chat.completions.create({
          model: BEDROCK_PROFILE_MODEL,
          stream: true,
          stream_options: { include_usage: true },
          messages: ask('one two three'),
        })
        .withResponse();
      const { text, usage, chunks } = await textOfStream(stream);
      expect(text).toBe('echo: one two three');
      expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason).filter(Boolean)).toEqual(['stop']);
      expect(usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 4 });
      expect(f.mock.requests().at(-1)?.path).toBe(
        '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke-with-response-stream',
      );
      expect(await f.logOf(response.headers.get('x-request-id') ?? '')).toMatchObject({
        channel: bedrockChannel,
        promptTokens: 3,
        completionTokens: 4,
        isStream: true,
      });
    });

    it('streams a tool call out of event-stream frames', async () => {
      const { chunks } = await textOfStream(
        await f.openai(key).chat.completions.create({
          model: BEDROCK_MODEL,
          stream: true,
          tools: [OPENAI_WEATHER_TOOL],
          messages: ask('What is the weather in Rome?'),
        }),
      );
      const calls = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
      expect(calls[0]).toMatchObject({ function: { name: 'get_weather' } });
      expect(calls.map((call) => call.function?.arguments ?? '').join('')).toBe('{"city":"mock"}');
      expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason).filter(Boolean)).toEqual(['tool_calls']);
    });

    it('re-frames event-stream frames as SSE for an Anthropic SDK caller', async () => {
      const stream = f
        .anthropic(key)
        .messages.stream({ model: BEDROCK_MODEL, max_tokens: 50, messages: ask('hello bedrock') });
      const message = await stream.finalMessage();
      expect(message.content).toMatchObject([{ type: 'text', text: 'echo: hello bedrock' }]);
      expect(message).toMatchObject({
        stop_reason: 'end_turn',
        usage: { input_tokens: 2, output_tokens: 3 },
      });
    });

    it('passes a refused signature on without the secret', async () => {
      const error = await rejectionOf(
        f.openai(key).chat.completions.create({ model: BEDROCK_DENIED_MODEL, messages: ask('hi') }),
        PermissionDeniedError,
      );
      expect(error.message).toContain('signature');
      expect(JSON.stringify(error.error)).not.toContain('not-the-real-secret');
    });
  });
});
