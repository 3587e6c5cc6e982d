import { textOfAnswer, textOfStreamEvent, usageOfAnswer, usageOfStreamEvent } from './openai-usage';

describe('OpenAI usage and text', () => {
  it('reads usage with cached tokens', () => {
    const usage = { prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 4 } };
    expect(usageOfAnswer({ usage })).toEqual({
      promptTokens: 10,
      completionTokens: 2,
      cachedTokens: 4,
    });
    expect(usageOfAnswer({ choices: [] })).toBeNull();
  });

  it('reads Responses usage from a whole answer and from the response.completed event only', () => {
    const usage = { input_tokens: 12, output_tokens: 5, input_tokens_details: { cached_tokens: 2 } };
    const expected = { promptTokens: 12, completionTokens: 5, cachedTokens: 2 };
    expect(usageOfAnswer({ object: 'response', usage })).toEqual(expected);
    expect(usageOfStreamEvent({ type: 'response.created', response: { usage: null } })).toBeNull();
    expect(usageOfStreamEvent({ type: 'response.completed', response: { usage } })).toEqual(expected);
  });

  it('reads Responses text from output_text parts and from text deltas, not from the done events', () => {
    const output = [
      { type: 'reasoning', summary: [] },
      {
        type: 'message',
        content: [
          { type: 'output_text', text: 'echo: hi' },
          { type: 'refusal', refusal: 'x' },
        ],
      },
    ];
    expect(textOfAnswer({ object: 'response', output })).toBe('echo: hi');
    expect(textOfStreamEvent({ type: 'response.output_text.delta', delta: ' hi' })).toBe(' hi');
    expect(textOfStreamEvent({ type: 'response.output_text.done', text: 'echo: hi' })).toBe('');
  });

  it('bills transcriptions by reported tokens, else by duration (ceil(seconds)/60×1000 tokens)', () => {
    const tokens = { type: 'tokens', input_tokens: 40, output_tokens: 9, total_tokens: 49 };
    expect(usageOfAnswer({ text: 'x', usage: tokens })).toEqual({
      promptTokens: 40,
      completionTokens: 9,
    });
    // 2.2 s starts 3 seconds: 3/60 × 1000 = 50 tokens.
    const duration = { text: 'x', usage: { type: 'duration', seconds: 2.2 } };
    expect(usageOfAnswer(duration)).toEqual({ promptTokens: 50, completionTokens: 0 });
    // verbose_json without a usage block: its duration; 1 s = 16.67, rounded up to 17.
    expect(usageOfAnswer({ task: 'transcribe', duration: 1, text: 'x' })).toEqual({
      promptTokens: 17,
      completionTokens: 0,
    });
    expect(usageOfAnswer({ text: 'x' })).toBeNull();
    expect(textOfAnswer({ text: 'the transcript' })).toBe('the transcript');
  });
});
