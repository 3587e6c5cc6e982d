import { CLAUDE_CODEC } from './claude-codec';

const claudeMessage = {
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5-20250929',
  content: [
    { type: 'thinking', thinking: 'The user wants weather.', signature: 'EqQB' },
    { type: 'text', text: 'Let me check ' },
    { type: 'text', text: 'the weather.' },
    { type: 'tool_use', id: 'toolu_01', name: 'weather', input: { city: 'Paris' } },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: {
    input_tokens: 100,
    cache_read_input_tokens: 2000,
    cache_creation_input_tokens: 300,
    output_tokens: 50,
  },
};

describe('CLAUDE_CODEC answers', () => {
  it('turns a Claude message into a chat completion with reasoning, tool calls and cache usage', () => {
    const completion = CLAUDE_CODEC.answerToPivot(claudeMessage);
    expect(completion).toEqual({
      id: 'msg_01',
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'claude-sonnet-4-5-20250929',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Let me check the weather.',
            reasoning_content: 'The user wants weather.',
            tool_calls: [
              {
                id: 'toolu_01',
                type: 'function',
                function: { name: 'weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      // prompt = input + cache reads + cache writes; the writes keep their own (non-standard) field.
      usage: {
        prompt_tokens: 2400,
        completion_tokens: 50,
        total_tokens: 2450,
        prompt_tokens_details: { cached_tokens: 2000, cache_creation_tokens: 300 },
      },
    });
  });

  it.each([
    ['end_turn', 'stop', 'end_turn'],
    ['stop_sequence', 'stop', 'end_turn'],
    ['max_tokens', 'length', 'max_tokens'],
    ['tool_use', 'tool_calls', 'tool_use'],
    ['refusal', 'content_filter', 'refusal'],
  ])('maps stop_reason %s → finish_reason %s → stop_reason %s', (stop, finish, back) => {
    const pivot = CLAUDE_CODEC.answerToPivot({ ...claudeMessage, stop_reason: stop });
    const choice = (pivot.choices as { finish_reason: string }[])[0];
    expect(choice.finish_reason).toBe(finish);
    expect(CLAUDE_CODEC.answerFromPivot(pivot, 'm').stop_reason).toBe(back);
  });

  it('turns a chat completion into a Claude message named as requested', () => {
    const message = CLAUDE_CODEC.answerFromPivot(
      {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: 'gpt-4o',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              reasoning_content: 'thought',
              tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'now', arguments: '' } }],
            },
            finish_reason: 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 40, completion_tokens: 7, prompt_tokens_details: { cached_tokens: 32 } },
      },
      'claude-alias',
    );
    expect(message).toEqual({
      id: 'chatcmpl-1',
      type: 'message',
      role: 'assistant',
      model: 'claude-alias',
      content: [
        { type: 'thinking', thinking: 'thought', signature: '' },
        { type: 'tool_use', id: 'call_9', name: 'now', input: {} },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: {
        input_tokens: 8,
        output_tokens: 7,
        cache_read_input_tokens: 32,
        cache_creation_input_tokens: 0,
      },
    });
  });

  it('round trips Claude → pivot → Claude keeping content, stop reason and usage', () => {
    const back = CLAUDE_CODEC.answerFromPivot(CLAUDE_CODEC.answerToPivot(claudeMessage), claudeMessage.model);
    expect(back).toEqual({
      ...claudeMessage,
      // Signatures do not survive OpenAI's shape; consecutive text blocks arrive as one.
      content: [
        { type: 'thinking', thinking: 'The user wants weather.', signature: '' },
        { type: 'text', text: 'Let me check the weather.' },
        claudeMessage.content[3],
      ],
    });
  });

  it('round trips pivot → Claude → pivot keeping the message, finish reason and usage', () => {
    const pivot = {
      id: 'chatcmpl-2',
      object: 'chat.completion',
      created: 1700000000,
      model: 'claude-x',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hello!' },
          logprobs: null,
          finish_reason: 'length',
        },
      ],
      usage: {
        prompt_tokens: 12,
        completion_tokens: 3,
        total_tokens: 15,
        prompt_tokens_details: { cached_tokens: 4, cache_creation_tokens: 0 },
      },
    };
    const back = CLAUDE_CODEC.answerToPivot(CLAUDE_CODEC.answerFromPivot(pivot, 'claude-x'));
    expect(back).toEqual({ ...pivot, created: expect.any(Number) });
  });

  it('reads billing usage (prompt includes cache reads and writes) and the generated text', () => {
    expect(CLAUDE_CODEC.usageOfAnswer(claudeMessage)).toEqual({
      promptTokens: 2400,
      completionTokens: 50,
      cachedTokens: 2000,
      cacheCreationTokens: 300,
    });
    expect(CLAUDE_CODEC.usageOfAnswer({ content: [] })).toBeNull();
    expect(CLAUDE_CODEC.usageOfAnswer({ usage: { input_tokens: 5, output_tokens: 1 } })).toEqual({
      promptTokens: 5,
      completionTokens: 1,
    });
    expect(CLAUDE_CODEC.textOfAnswer(claudeMessage)).toBe('The user wants weather.Let me check the weather.');
    expect(CLAUDE_CODEC.textOfAnswer('nope')).toBe('');
  });
});
