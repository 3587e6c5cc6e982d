import { type GenerateContentResponse } from '@google/genai';
import { type ChatCompletion } from 'openai/resources/chat/completions';
import { GEMINI_CODEC } from './gemini-codec';

const USAGE_METADATA = {
  promptTokenCount: 120,
  candidatesTokenCount: 30,
  thoughtsTokenCount: 12,
  cachedContentTokenCount: 100,
  totalTokenCount: 162,
};

const geminiAnswer = {
  responseId: 'resp-1',
  modelVersion: 'gemini-2.5-flash',
  candidates: [
    {
      index: 0,
      content: {
        role: 'model',
        parts: [
          { text: 'Let me think.', thought: true },
          { text: 'Here is ' },
          { text: 'a cat: ' },
          { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
        ],
      },
      finishReason: 'STOP',
    },
  ],
  usageMetadata: USAGE_METADATA,
};

describe('Gemini answers', () => {
  it('reads text, thinking, images and usage into an OpenAI completion', () => {
    const pivot = GEMINI_CODEC.answerToPivot(geminiAnswer);
    expect(pivot).toEqual({
      id: 'chatcmpl-resp-1',
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'gemini-2.5-flash',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Here is a cat: ![image](data:image/png;base64,iVBORw0KGgo=)',
            reasoning_content: 'Let me think.',
          },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: 120,
        completion_tokens: 42,
        total_tokens: 162,
        prompt_tokens_details: { cached_tokens: 100 },
        completion_tokens_details: { reasoning_tokens: 12 },
      },
    });
    expect(GEMINI_CODEC.usageOfAnswer(geminiAnswer)).toEqual({
      promptTokens: 120,
      completionTokens: 42,
      cachedTokens: 100,
    });
    expect(GEMINI_CODEC.textOfAnswer(geminiAnswer)).toBe('Let me think.Here is a cat: ');
  });

  it('turns function calls into tool calls with call_ ids and the signature, and back', () => {
    const answer = {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { functionCall: { name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'c2ln' },
              { functionCall: { name: 'time', args: {} } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 7, totalTokenCount: 12 },
    };
    const pivot = GEMINI_CODEC.answerToPivot(answer);
    const choice = (pivot as unknown as ChatCompletion).choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: expect.stringMatching(/^call_[0-9a-f]{24}$/),
          type: 'function',
          function: { name: 'weather', arguments: '{"city":"Paris"}' },
          extra_content: { google: { thought_signature: 'c2ln' } },
        },
        {
          id: expect.stringMatching(/^call_/),
          type: 'function',
          function: { name: 'time', arguments: '{}' },
        },
      ],
    });
    expect(choice.message.tool_calls?.[0].id).not.toBe(choice.message.tool_calls?.[1].id);
    const back = GEMINI_CODEC.answerFromPivot(pivot, 'asked-model');
    expect(back).toEqual({
      candidates: [{ ...answer.candidates[0], index: 0 }],
      usageMetadata: answer.usageMetadata,
      modelVersion: 'asked-model',
      responseId: pivot.id,
    });
  });

  it.each([
    ['STOP', 'stop', 'STOP'],
    ['MAX_TOKENS', 'length', 'MAX_TOKENS'],
    ['SAFETY', 'content_filter', 'SAFETY'],
    ['RECITATION', 'content_filter', 'SAFETY'],
    ['PROHIBITED_CONTENT', 'content_filter', 'SAFETY'],
    ['MALFORMED_FUNCTION_CALL', 'stop', 'STOP'],
  ])('maps finish reason %s to %s and back to %s', (gemini, openAi, back) => {
    const answer = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'x' }] }, finishReason: gemini }],
    };
    const pivot = GEMINI_CODEC.answerToPivot(answer);
    expect((pivot as unknown as ChatCompletion).choices[0].finish_reason).toBe(openAi);
    const written = GEMINI_CODEC.answerFromPivot(pivot, 'm') as unknown as GenerateContentResponse;
    expect(written.candidates?.[0].finishReason).toBe(back);
  });

  it('answers a blocked prompt (no candidates) as content_filter', () => {
    const pivot = GEMINI_CODEC.answerToPivot({
      promptFeedback: { blockReason: 'SAFETY' },
      usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
    });
    expect(pivot.choices).toEqual([
      {
        index: 0,
        message: { role: 'assistant', content: '' },
        finish_reason: 'content_filter',
        logprobs: null,
      },
    ]);
    expect(GEMINI_CODEC.usageOfAnswer({ promptFeedback: {} })).toBeNull();
  });

  it('writes an OpenAI completion with reasoning and several choices as Gemini candidates', () => {
    const answer = GEMINI_CODEC.answerFromPivot(
      {
        id: 'chatcmpl-9',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: 'one', reasoning_content: 'hm' },
            finish_reason: 'stop',
          },
          { index: 1, message: { role: 'assistant', content: 'tw' }, finish_reason: 'length' },
        ],
        usage: {
          prompt_tokens: 10,
          completion_tokens: 8,
          total_tokens: 18,
          prompt_tokens_details: { cached_tokens: 4 },
          completion_tokens_details: { reasoning_tokens: 3 },
        },
      },
      'gemini-pro',
    );
    expect(answer).toEqual({
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'hm', thought: true }, { text: 'one' }] },
          finishReason: 'STOP',
          index: 0,
        },
        { content: { role: 'model', parts: [{ text: 'tw' }] }, finishReason: 'MAX_TOKENS', index: 1 },
      ],
      usageMetadata: {
        promptTokenCount: 10,
        candidatesTokenCount: 5,
        thoughtsTokenCount: 3,
        cachedContentTokenCount: 4,
        totalTokenCount: 18,
      },
      modelVersion: 'gemini-pro',
      responseId: 'chatcmpl-9',
    });
    expect(GEMINI_CODEC.usageOfAnswer(answer)).toEqual({
      promptTokens: 10,
      completionTokens: 8,
      cachedTokens: 4,
    });
  });

  it('bills built-in tool prompts as input', () => {
    const usage = GEMINI_CODEC.usageOfAnswer({
      usageMetadata: { promptTokenCount: 10, toolUsePromptTokenCount: 90, candidatesTokenCount: 5 },
    });
    expect(usage).toEqual({ promptTokens: 100, completionTokens: 5 });
  });
});
