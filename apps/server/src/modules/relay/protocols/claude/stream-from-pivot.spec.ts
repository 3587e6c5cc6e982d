import { type StreamEvent } from '../protocol';
import { CLAUDE_CODEC } from './claude-codec';
import { claudeEvents, claudeFinalMessage, run } from './claude-stream-testing';

// An OpenAI stream with reasoning, text and two tool calls, as an OpenAI-compatible provider sends it.
const pivotChunks = (): StreamEvent[] => {
  const chunk = (delta: object, finish: string | null = null) => ({
    data: {
      id: 'chatcmpl-9',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'deepseek-reasoner',
      choices: [{ index: 0, delta, finish_reason: finish }],
    },
  });
  const call = (index: number, fields: object) => chunk({ tool_calls: [{ index, ...fields }] });
  return [
    chunk({ role: 'assistant', content: '' }),
    chunk({ reasoning_content: 'Two cities, ' }),
    chunk({ reasoning_content: 'two calls.' }),
    chunk({ content: 'Checking ' }),
    chunk({ content: 'both.' }),
    call(0, { id: 'call_a', type: 'function', function: { name: 'weather', arguments: '' } }),
    call(0, { function: { arguments: '{"city":' } }),
    call(0, { function: { arguments: '"Paris"}' } }),
    call(1, { id: 'call_b', type: 'function', function: { name: 'weather', arguments: '{"city":"Rome"}' } }),
    chunk({}, 'tool_calls'),
    {
      data: {
        id: 'chatcmpl-9',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'deepseek-reasoner',
        choices: [],
        usage: { prompt_tokens: 120, completion_tokens: 40, prompt_tokens_details: { cached_tokens: 100 } },
      },
    },
    { data: '[DONE]' },
  ];
};

describe('CLAUDE_CODEC.streamFromPivot', () => {
  it('emits Claude events in protocol order', () => {
    const events = run(CLAUDE_CODEC.streamFromPivot('claude-alias'), pivotChunks());
    const outline = events.map((event) => {
      const data = event.data as { type: string; index?: number; delta?: { type?: string } };
      expect(event.event).toBe(data.type);
      return [data.type, data.index, data.delta?.type].filter((part) => part !== undefined).join(':');
    });
    expect(outline).toEqual([
      'message_start',
      'content_block_start:0',
      'content_block_delta:0:thinking_delta',
      'content_block_delta:0:thinking_delta',
      'content_block_stop:0',
      'content_block_start:1',
      'content_block_delta:1:text_delta',
      'content_block_delta:1:text_delta',
      'content_block_stop:1',
      'content_block_start:2',
      'content_block_delta:2:input_json_delta',
      'content_block_delta:2:input_json_delta',
      'content_block_stop:2',
      'content_block_start:3',
      'content_block_delta:3:input_json_delta',
      'content_block_stop:3',
      'message_delta',
      'message_stop',
    ]);
  });

  it('produces a stream @anthropic-ai/sdk assembles into the whole message', async () => {
    const message = await claudeFinalMessage(
      run(CLAUDE_CODEC.streamFromPivot('claude-alias'), pivotChunks()),
    );
    expect(message).toMatchObject({
      id: 'chatcmpl-9',
      model: 'claude-alias',
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Two cities, two calls.' },
        { type: 'text', text: 'Checking both.' },
        { type: 'tool_use', id: 'call_a', name: 'weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'call_b', name: 'weather', input: { city: 'Rome' } },
      ],
      stop_reason: 'tool_use',
      usage: {
        input_tokens: 20,
        output_tokens: 40,
        cache_read_input_tokens: 100,
        cache_creation_input_tokens: 0,
      },
    });
  });

  it('keeps every argument piece of parallel calls whose pieces come interleaved', async () => {
    const chunk = (delta: object, finish: string | null = null) => ({
      data: { id: 'chatcmpl-7', choices: [{ index: 0, delta, finish_reason: finish }] },
    });
    const call = (index: number, fields: object) => chunk({ tool_calls: [{ index, ...fields }] });
    const message = await claudeFinalMessage(
      run(CLAUDE_CODEC.streamFromPivot('claude-alias'), [
        call(0, { id: 'call_a', type: 'function', function: { name: 'weather', arguments: '{"city":' } }),
        call(1, { id: 'call_b', type: 'function', function: { name: 'time', arguments: '{"zone":' } }),
        call(0, { function: { arguments: '"Paris"}' } }),
        call(2, {
          id: 'call_c',
          type: 'function',
          function: { name: 'weather', arguments: '{"city":"Oslo"}' },
        }),
        call(1, { function: { arguments: '"CET"}' } }),
        chunk({}, 'tool_calls'),
        { data: '[DONE]' },
      ]),
    );
    expect(message.content).toEqual([
      { type: 'tool_use', id: 'call_a', name: 'weather', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'call_b', name: 'time', input: { zone: 'CET' } },
      { type: 'tool_use', id: 'call_c', name: 'weather', input: { city: 'Oslo' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
  });

  it('closes a stream that ended without [DONE], and makes a valid one of an empty source', async () => {
    const cut = pivotChunks().slice(0, 5);
    const closed = await claudeFinalMessage(run(CLAUDE_CODEC.streamFromPivot('c'), cut));
    expect(closed.content).toMatchObject([{ type: 'thinking' }, { type: 'text', text: 'Checking both.' }]);
    expect(closed.stop_reason).toBe('end_turn');
    const empty = await claudeFinalMessage(run(CLAUDE_CODEC.streamFromPivot('c'), []));
    expect(empty).toMatchObject({ content: [], stop_reason: 'end_turn', usage: { output_tokens: 0 } });
  });

  it('turns an OpenAI error chunk into a Claude error event the SDK raises', async () => {
    const transcoder = CLAUDE_CODEC.streamFromPivot('c');
    const events = [
      ...pivotChunks()
        .slice(0, 2)
        .flatMap((event) => transcoder.push(event)),
      ...transcoder.push({ data: { error: { message: 'upstream broke', type: 'server_error' } } }),
      ...transcoder.finish(),
    ];
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { type: 'error', error: { type: 'api_error', message: 'upstream broke' } },
    });
    await expect(claudeFinalMessage(events)).rejects.toThrow('upstream broke');
  });

  it('round trips Claude → pivot → Claude keeping content, stop reason and usage', async () => {
    const pivot = run(CLAUDE_CODEC.streamToPivot(), claudeEvents());
    const back = run(CLAUDE_CODEC.streamFromPivot('claude-sonnet-4-5-20250929'), pivot);
    const [original, again] = await Promise.all([
      claudeFinalMessage(claudeEvents()),
      claudeFinalMessage(back),
    ]);
    expect(again.content).toEqual(original.content);
    expect(again.stop_reason).toBe(original.stop_reason);
    expect(again.usage).toMatchObject({
      input_tokens: 472,
      output_tokens: 89,
      cache_read_input_tokens: 2048,
      cache_creation_input_tokens: 0,
    });
  });
});
