import { FALLBACK_TEST_MODEL, isEmbeddingModel, testModelOf, testRequestFor } from './test-request';

describe('channel test request', () => {
  it.each([
    [{ testModel: '', models: 'a,b' }, 'asked', 'asked'],
    [{ testModel: 'tm', models: 'a,b' }, undefined, 'tm'],
    [{ testModel: ' ', models: ' , b,c' }, '  ', 'b'],
    [{ testModel: '', models: '' }, undefined, FALLBACK_TEST_MODEL],
  ])('tests %j with the asked model %j as %s', (channel, asked, expected) => {
    expect(testModelOf(channel, asked)).toBe(expected);
  });

  it.each([
    ['text-embedding-3-small', 1, true],
    ['jina-embeddings-v3', 1, true],
    ['bge-m3', 1, true],
    ['m3e-base', 1, true],
    ['anything', 44, true],
    ['gpt-4o', 1, false],
  ])('%s on type %i is an embedding model: %s', (model, type, expected) => {
    expect(isEmbeddingModel(model, type)).toBe(expected);
  });

  it('asks an embedding model for one embedding of "hello world"', () => {
    expect(testRequestFor('text-embedding-3-small', 1)).toEqual({
      endpoint: '/v1/embeddings',
      body: { model: 'text-embedding-3-small', input: ['hello world'] },
    });
  });

  it.each([
    ['gpt-4o-mini', { max_tokens: 10 }],
    ['o1-mini', { max_completion_tokens: 10 }],
    ['o3', { max_completion_tokens: 10 }],
    ['deepseek-r1-thinking', { max_tokens: 50 }],
    ['claude-3-7-sonnet-thinking', {}],
    ['gemini-2.5-flash', { max_tokens: 300 }],
  ])('says hi to %s, non-stream, with %j', (model, limit) => {
    expect(testRequestFor(model, 1)).toEqual({
      endpoint: '/v1/chat/completions',
      body: { model, stream: false, messages: [{ role: 'user', content: 'hi' }], ...limit },
    });
  });
});
