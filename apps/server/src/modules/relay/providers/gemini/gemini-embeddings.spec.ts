import { countTokens } from 'gpt-tokenizer';
import { ChannelType } from '@tollgate/contracts';
import { testSelection } from '../adapter-testing';
import { buildEmbedding, embeddingAnswerToOpenAi } from './gemini-embeddings';

describe('Gemini embeddings', () => {
  it('sends every input text in one batchEmbedContents call, with the requested dimensions', () => {
    const built = buildEmbedding(
      testSelection({ type: ChannelType.Gemini }, 'AIza-secret', 'text-embedding-004'),
      {
        model: 'asked',
        input: ['first text', 'second text'],
        dimensions: 256,
      },
    );
    expect(built.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/text-embedding-004:batchEmbedContents',
    );
    expect(built.headers['x-goog-api-key']).toBe('AIza-secret');
    expect(JSON.parse(built.body)).toEqual({
      requests: ['first text', 'second text'].map((text) => ({
        model: 'models/text-embedding-004',
        content: { parts: [{ text }] },
        outputDimensionality: 256,
      })),
    });
    const single = buildEmbedding(
      testSelection({ type: ChannelType.Gemini, other: 'v1' }, 'k', 'embedding-001'),
      { input: 'one' },
    );
    expect(single.url).toContain('/v1/models/embedding-001:batchEmbedContents');
    expect(JSON.parse(single.body).requests).toEqual([
      { model: 'models/embedding-001', content: { parts: [{ text: 'one' }] } },
    ]);
  });

  it('answers in OpenAI’s list shape, the input counted locally for usage', () => {
    const input = ['hello world', 'the quick brown fox'];
    const answer = embeddingAnswerToOpenAi(
      { embeddings: [{ values: [0.1, 0.2] }, { values: [0.3, 0.4] }] },
      'text-embedding-004',
      input,
    );
    const tokens = countTokens(input[0]) + countTokens(input[1]);
    expect(tokens).toBeGreaterThan(0);
    expect(answer).toEqual({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: [0.1, 0.2] },
        { object: 'embedding', index: 1, embedding: [0.3, 0.4] },
      ],
      model: 'text-embedding-004',
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  });
});
