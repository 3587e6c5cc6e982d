import { APIError } from 'openai';
import { CLAUDE_CODEC } from './claude-codec';
import { claudeEvents, openAiOver, run } from './claude-stream-testing';

describe('CLAUDE_CODEC.streamToPivot', () => {
  it('turns a recorded Claude stream into OpenAI chunks, a usage chunk and [DONE]', () => {
    const chunks = run(CLAUDE_CODEC.streamToPivot(), claudeEvents()).map((event) => event.data);
    const head = {
      id: 'msg_014p7gG3wDgGV9EUtLvnow3U',
      object: 'chat.completion.chunk',
      created: expect.any(Number),
    };
    const chunk = (delta: object, finishReason: string | null = null) => ({
      ...head,
      model: 'claude-sonnet-4-5-20250929',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
    expect(chunks).toEqual([
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Okay, let me check' }),
      chunk({ content: ' the weather.' }),
      chunk({
        tool_calls: [
          {
            index: 0,
            id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
            type: 'function',
            function: { name: 'get_weather', arguments: '' },
          },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"location":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ' "San Francisco"}' } }] }),
      chunk({}, 'tool_calls'),
      {
        ...head,
        model: 'claude-sonnet-4-5-20250929',
        choices: [],
        usage: {
          prompt_tokens: 2520,
          completion_tokens: 89,
          total_tokens: 2609,
          prompt_tokens_details: { cached_tokens: 2048, cache_creation_tokens: 0 },
        },
      },
      '[DONE]',
    ]);
  });

  it('produces a stream the openai SDK assembles into the whole answer', async () => {
    const chunks = run(CLAUDE_CODEC.streamToPivot(), claudeEvents());
    const completion = await openAiOver(chunks)
      .chat.completions.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })
      .finalChatCompletion();
    expect(completion.choices[0].message).toMatchObject({
      role: 'assistant',
      content: 'Okay, let me check the weather.',
      tool_calls: [
        {
          id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"location": "San Francisco"}' },
        },
      ],
    });
    expect(completion.choices[0].finish_reason).toBe('tool_calls');
    expect(completion.usage).toMatchObject({ prompt_tokens: 2520, completion_tokens: 89 });
  });

  it('carries thinking as reasoning_content and a usage restated in message_delta', () => {
    const events = [
      {
        type: 'message_start',
        message: { id: 'msg_2', model: 'c', usage: { input_tokens: 1, output_tokens: 1 } },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Let me think' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQB' } },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'max_tokens' },
        usage: { input_tokens: 30, output_tokens: 9 },
      },
    ].map((data) => ({ event: data.type, data }));
    // No message_stop: the source just ended, and finish() closes the OpenAI stream.
    const data = run(CLAUDE_CODEC.streamToPivot(), events).map(
      (event) => event.data as Record<string, unknown>,
    );
    expect(data.map((chunk) => (chunk.choices as { delta: unknown }[] | undefined)?.[0]?.delta)).toEqual([
      { role: 'assistant', content: '' },
      { reasoning_content: 'Let me think' },
      {},
      undefined,
      undefined,
    ]);
    expect(data[2].choices).toMatchObject([{ finish_reason: 'length' }]);
    expect(data[3].usage).toMatchObject({ prompt_tokens: 30, completion_tokens: 9 });
    expect(data[4]).toBe('[DONE]');
  });

  it('turns a Claude error event into an error chunk the openai SDK raises, and ends there', async () => {
    const transcoder = CLAUDE_CODEC.streamToPivot();
    const [start] = claudeEvents();
    const error = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    const out = [...transcoder.push(start), ...transcoder.push({ event: 'error', data: error })];
    expect(out[1].data).toEqual({
      error: { message: 'Overloaded', type: 'overloaded_error', param: null, code: 'overloaded_error' },
    });
    expect(transcoder.finish()).toEqual([]);
    const stream = await openAiOver(out).chat.completions.create({ model: 'm', messages: [], stream: true });
    await expect(async () => {
      for await (const _chunk of stream) void _chunk;
    }).rejects.toThrow(APIError);
  });
});

describe('CLAUDE_CODEC.streamMeter', () => {
  it('reads input and cache counts from message_start, output from the last message_delta, and the text', () => {
    const meter = CLAUDE_CODEC.streamMeter();
    expect(meter.usage).toBeNull();
    for (const event of claudeEvents()) meter.observe(event);
    expect(meter.usage).toEqual({ promptTokens: 2520, completionTokens: 89, cachedTokens: 2048 });
    expect(meter.text).toBe('Okay, let me check the weather.');
  });

  it('reports no usage for a stream without any (not zero tokens), and none reaches the OpenAI caller', () => {
    const withoutUsage = claudeEvents().map((event) => {
      const data = { ...(event.data as Record<string, unknown>) };
      if (data.type === 'message_start') data.message = { ...(data.message as object), usage: undefined };
      if (data.type === 'message_delta') data.usage = { output_tokens: null };
      return { ...event, data };
    });
    const meter = CLAUDE_CODEC.streamMeter();
    for (const event of withoutUsage) meter.observe(event);
    expect(meter.usage).toBeNull();
    expect(meter.text).toBe('Okay, let me check the weather.');
    const chunks = run(CLAUDE_CODEC.streamToPivot(), withoutUsage).map((event) => event.data);
    expect(chunks.at(-1)).toBe('[DONE]');
    expect(chunks.some((chunk) => (chunk as { usage?: unknown }).usage !== undefined)).toBe(false);
  });
});
