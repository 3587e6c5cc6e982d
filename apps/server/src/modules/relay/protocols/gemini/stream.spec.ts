import { type GenerateContentResponse } from '@google/genai';
import { type ChatCompletionChunk } from 'openai/resources/chat/completions';
import { type StreamEvent, type StreamTranscoder } from '../protocol';
import { GEMINI_CODEC } from './gemini-codec';

const run = (transcoder: StreamTranscoder, events: StreamEvent[]): unknown[] =>
  [...events.flatMap((event) => transcoder.push(event)), ...transcoder.finish()].map((event) => event.data);

const gemini = (data: unknown): StreamEvent => ({ data });

// What Gemini 2.5 streams for a thinking model: thoughts, then text, usage on every event.
const GEMINI_STREAM = [
  gemini({
    candidates: [{ content: { role: 'model', parts: [{ text: 'Thinking…', thought: true }] }, index: 0 }],
    usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'r1',
  }),
  gemini({
    candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, index: 0 }],
    usageMetadata: {
      promptTokenCount: 8,
      candidatesTokenCount: 1,
      thoughtsTokenCount: 20,
      totalTokenCount: 29,
    },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'r1',
  }),
  gemini({
    candidates: [{ content: { role: 'model', parts: [{ text: ' world' }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: 8,
      candidatesTokenCount: 3,
      thoughtsTokenCount: 20,
      totalTokenCount: 31,
    },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'r1',
  }),
];

const chunk = (choices: unknown[], extra: object = {}): unknown => ({
  id: 'chatcmpl-r1',
  object: 'chat.completion.chunk',
  created: expect.any(Number),
  model: 'gemini-2.5-flash',
  choices,
  ...extra,
});

describe('Gemini stream → OpenAI chunks', () => {
  it('sends the role first, thinking, text, the finish reason, one usage chunk and [DONE]', () => {
    expect(run(GEMINI_CODEC.streamToPivot(), GEMINI_STREAM)).toEqual([
      chunk([
        {
          index: 0,
          delta: { role: 'assistant', reasoning_content: 'Thinking…', content: '' },
          finish_reason: null,
          logprobs: null,
        },
      ]),
      chunk([{ index: 0, delta: { content: 'Hello' }, finish_reason: null, logprobs: null }]),
      chunk([{ index: 0, delta: { content: ' world' }, finish_reason: 'stop', logprobs: null }]),
      chunk([], {
        usage: {
          prompt_tokens: 8,
          completion_tokens: 23,
          total_tokens: 31,
          prompt_tokens_details: { cached_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: 20 },
        },
      }),
      '[DONE]',
    ]);
  });

  it('numbers whole function calls as tool-call deltas and finishes with tool_calls', () => {
    const out = run(GEMINI_CODEC.streamToPivot(), [
      gemini({
        candidates: [
          { content: { role: 'model', parts: [{ functionCall: { name: 'a', args: { x: 1 } } }] } },
        ],
      }),
      gemini({
        candidates: [
          {
            content: { role: 'model', parts: [{ functionCall: { name: 'b', args: {} } }] },
            finishReason: 'STOP',
          },
        ],
      }),
    ]) as ChatCompletionChunk[];
    expect(out[0].choices[0].delta.tool_calls).toEqual([
      {
        index: 0,
        id: expect.stringMatching(/^call_/),
        type: 'function',
        function: { name: 'a', arguments: '{"x":1}' },
      },
    ]);
    expect(out[1].choices[0]).toEqual({
      index: 0,
      delta: {
        tool_calls: [
          {
            index: 1,
            id: expect.stringMatching(/^call_/),
            type: 'function',
            function: { name: 'b', arguments: '{}' },
          },
        ],
      },
      finish_reason: 'tool_calls',
      logprobs: null,
    });
    expect(out.slice(2)).toEqual(['[DONE]']);
  });

  it('passes a mid-stream error on in the OpenAI shape, and a blocked prompt as content_filter', () => {
    const error = run(GEMINI_CODEC.streamToPivot(), [
      gemini({ error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }),
    ]);
    expect(error[0]).toEqual({
      error: {
        message: 'The model is overloaded.',
        type: 'upstream_error',
        param: null,
        code: 'UNAVAILABLE',
      },
    });
    const blocked = run(GEMINI_CODEC.streamToPivot(), [gemini({ promptFeedback: { blockReason: 'OTHER' } })]);
    expect((blocked[0] as ChatCompletionChunk).choices).toEqual([
      {
        index: 0,
        delta: { role: 'assistant', content: '' },
        finish_reason: 'content_filter',
        logprobs: null,
      },
    ]);
  });

  it('meters the latest usage and all generated text', () => {
    const meter = GEMINI_CODEC.streamMeter();
    for (const event of GEMINI_STREAM) meter.observe(event);
    meter.observe(gemini({ candidates: [], usageMetadata: {} }));
    expect(meter.usage).toEqual({ promptTokens: 8, completionTokens: 23 });
    expect(meter.text).toBe('Thinking…Hello world');
    expect(GEMINI_CODEC.streamMeter().usage).toBeNull();
  });
});

const openAi = (choices: unknown[], extra: object = {}): StreamEvent => ({
  data: { id: 'chatcmpl-7', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o', choices, ...extra },
});
const delta = (value: object, finish: string | null = null): unknown => ({
  index: 0,
  delta: value,
  finish_reason: finish,
});

describe('OpenAI chunks → Gemini stream', () => {
  const OPENAI_STREAM: StreamEvent[] = [
    openAi([delta({ role: 'assistant', content: '' })]),
    openAi([delta({ reasoning_content: 'hmm' })]),
    openAi([delta({ content: 'Hel' })]),
    openAi([delta({ content: 'lo' })]),
    openAi([
      delta({
        tool_calls: [
          { index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '' } },
        ],
      }),
    ]),
    openAi([delta({ tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] })]),
    openAi([delta({ tool_calls: [{ index: 0, function: { arguments: '"cats"}' } }] })]),
    openAi([delta({}, 'tool_calls')]),
    openAi([], {
      usage: {
        prompt_tokens: 11,
        completion_tokens: 9,
        total_tokens: 20,
        completion_tokens_details: { reasoning_tokens: 2 },
      },
    }),
    { data: '[DONE]' },
  ];

  it('sends parts as they come, each function call whole, and usage on the finishing event', () => {
    const model = { modelVersion: 'gemini-pro', responseId: 'chatcmpl-7' };
    const text = (part: object): unknown => ({
      candidates: [{ content: { role: 'model', parts: [part] }, index: 0 }],
      ...model,
    });
    expect(run(GEMINI_CODEC.streamFromPivot('gemini-pro'), OPENAI_STREAM)).toEqual([
      text({ text: 'hmm', thought: true }),
      text({ text: 'Hel' }),
      text({ text: 'lo' }),
      {
        candidates: [
          {
            content: { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { q: 'cats' } } }] },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount: 11,
          candidatesTokenCount: 7,
          thoughtsTokenCount: 2,
          totalTokenCount: 20,
        },
        ...model,
      },
    ]);
  });

  it('ends a stream without usage with its finishing event, and a cut one with its pending calls', () => {
    const noUsage = run(GEMINI_CODEC.streamFromPivot('m'), [openAi([delta({ content: 'hi' }, 'length')])]);
    expect(noUsage).toEqual([
      {
        candidates: [
          { content: { role: 'model', parts: [{ text: 'hi' }] }, finishReason: 'MAX_TOKENS', index: 0 },
        ],
        modelVersion: 'm',
        responseId: 'chatcmpl-7',
      },
    ]);
    const cut = run(GEMINI_CODEC.streamFromPivot('m'), [
      openAi([delta({ tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '{}' } }] })]),
    ]);
    expect(cut).toEqual([
      {
        candidates: [
          {
            content: { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        modelVersion: 'm',
        responseId: 'chatcmpl-7',
      },
    ]);
  });

  it('passes an error chunk on in Google shape', () => {
    const out = run(GEMINI_CODEC.streamFromPivot('m'), [
      { data: { error: { message: 'boom', type: 'server_error' } } },
    ]);
    expect(out).toEqual([{ error: { code: 500, message: 'boom', status: 'INTERNAL' } }]);
  });

  it('round-trips a Gemini stream through OpenAI chunks with its text, finish reason and usage', () => {
    const toPivot = GEMINI_CODEC.streamToPivot();
    const toGemini = GEMINI_CODEC.streamFromPivot('gemini-2.5-flash');
    const pivotEvents = [...GEMINI_STREAM.flatMap((event) => toPivot.push(event)), ...toPivot.finish()];
    const back = [...pivotEvents.flatMap((event) => toGemini.push(event)), ...toGemini.finish()];
    const meter = GEMINI_CODEC.streamMeter();
    for (const event of back) meter.observe(event);
    expect(meter.text).toBe('Thinking…Hello world');
    expect(meter.usage).toEqual({ promptTokens: 8, completionTokens: 23 });
    const last = back.at(-1)?.data as GenerateContentResponse;
    expect(last.candidates?.[0].finishReason).toBe('STOP');
    expect(last.usageMetadata).toEqual({
      promptTokenCount: 8,
      candidatesTokenCount: 3,
      thoughtsTokenCount: 20,
      totalTokenCount: 31,
    });
  });
});
