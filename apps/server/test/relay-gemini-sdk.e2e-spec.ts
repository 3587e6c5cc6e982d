import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  ApiError,
  FunctionCallingConfigMode,
  type GenerateContentResponse,
  GoogleGenAI,
  Type,
} from '@google/genai';
import { fetch } from 'undici';
import { type Json, type StreamEvent } from '../src/modules/relay/protocols/protocol';
import { GEMINI_CODEC } from '../src/modules/relay/protocols/gemini/gemini-codec';

// A Gemini caller's side: what the codec writes (answers, SSE streams, errors) must be what the official
// @google/genai client reads, and what that client sends must convert to an OpenAI chat body.

const COMPLETION = {
  id: 'chatcmpl-42',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'Paris is sunny.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      finish_reason: 'tool_calls',
    },
  ],
  usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 },
};

const chunk = (delta: object, finish: string | null = null): StreamEvent => ({
  data: {
    id: 'chatcmpl-43',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-4o',
    choices: [{ index: 0, delta, finish_reason: finish }],
  },
});

const OPENAI_STREAM: StreamEvent[] = [
  chunk({ role: 'assistant', content: '' }),
  chunk({ content: 'Hello' }),
  chunk({ content: ', world' }),
  chunk({
    tool_calls: [
      { index: 0, id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"ci' } },
    ],
  }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Rome"}' } }] }),
  chunk({}, 'tool_calls'),
  {
    data: {
      id: 'chatcmpl-43',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'gpt-4o',
      choices: [],
      usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 },
    },
  },
  { data: '[DONE]' },
];

// The text parts of a response (the client's `.text` getter warns when function calls come along).
const textOf = (response: GenerateContentResponse): string =>
  (response.candidates?.[0]?.content?.parts ?? []).map((part) => part.text ?? '').join('');

describe('Gemini codec with the official @google/genai client', () => {
  let server: Server;
  let ai: GoogleGenAI;
  const received: Array<{ url: string; body: Json }> = [];

  function reply(request: IncomingMessage, response: ServerResponse, body: Json): void {
    const url = request.url ?? '';
    received.push({ url, body });
    if (url.includes('/models/refused:')) {
      const error = {
        error: { message: 'Upstream load saturated', type: 'gateway_error', param: null, code: null },
      };
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end(JSON.stringify(GEMINI_CODEC.errorFromPivot(429, error)));
    } else if (url.includes(':streamGenerateContent')) {
      const transcoder = GEMINI_CODEC.streamFromPivot('gemini-2.0-flash');
      const events = [...OPENAI_STREAM.flatMap((event) => transcoder.push(event)), ...transcoder.finish()];
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of events) response.write(`data: ${JSON.stringify(event.data)}\r\n\r\n`);
      response.end();
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(GEMINI_CODEC.answerFromPivot(COMPLETION, 'gemini-2.0-flash')));
    }
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      let text = '';
      request.on('data', (part: Buffer) => (text += part.toString()));
      request.on('end', () => reply(request, response, JSON.parse(text || '{}') as Json));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // undici's own fetch: the client's default reaches for Node's global dispatcher, absent in jest's sandbox.
    const httpOptions = {
      baseUrl: `http://127.0.0.1:${port}`,
      fetch: fetch as unknown as typeof globalThis.fetch,
    };
    ai = new GoogleGenAI({ apiKey: 'sk-gateway', httpOptions });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (received.length = 0));

  it('reads a whole answer: text, function calls, finish reason and usage', async () => {
    const answer = await ai.models.generateContent({
      model: 'gemini-2.0-flash',
      contents: 'Weather in Paris?',
    });
    expect(textOf(answer)).toBe('Paris is sunny.');
    expect(answer.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
    expect(answer.candidates?.[0].finishReason).toBe('STOP');
    expect(answer.usageMetadata).toEqual({
      promptTokenCount: 12,
      candidatesTokenCount: 6,
      totalTokenCount: 18,
    });
    expect(answer.responseId).toBe('chatcmpl-42');
  });

  it('reads a transcoded stream chunk by chunk, the call whole and usage on the last chunk', async () => {
    const stream = await ai.models.generateContentStream({ model: 'gemini-2.0-flash', contents: 'Hi' });
    const chunks = [];
    for await (const part of stream) chunks.push(part);
    expect(chunks.map(textOf).join('')).toBe('Hello, world');
    const last = chunks.at(-1);
    expect(last?.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Rome' } }]);
    expect(last?.candidates?.[0].finishReason).toBe('STOP');
    expect(last?.usageMetadata).toEqual({
      promptTokenCount: 9,
      candidatesTokenCount: 4,
      totalTokenCount: 13,
    });
    expect(received[0].url).toContain(':streamGenerateContent?alt=sse');
  });

  it('raises the client’s ApiError with the status for an error body', async () => {
    const failure = ai.models.generateContent({ model: 'refused', contents: 'hi' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(ai.models.generateContent({ model: 'refused', contents: 'hi' })).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining('Upstream load saturated'),
    });
  });

  it('converts what the client sends into an OpenAI chat body', async () => {
    await ai.models.generateContent({
      model: 'gemini-2.0-flash',
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { celsius: 21 } } }] },
      ],
      config: {
        systemInstruction: 'Be brief.',
        temperature: 0.3,
        maxOutputTokens: 50,
        tools: [
          {
            functionDeclarations: [
              {
                name: 'get_weather',
                parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } } },
              },
            ],
          },
        ],
        toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } },
      },
    });
    const pivot = GEMINI_CODEC.requestToPivot(received[0].body, 'gemini-2.0-flash', false);
    expect(pivot).toEqual({
      model: 'gemini-2.0-flash',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_0',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_0', content: '{"celsius":21}' },
      ],
      temperature: 0.3,
      max_tokens: 50,
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
      ],
      tool_choice: 'auto',
    });
  });
});
