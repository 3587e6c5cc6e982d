import { type ProbeRequest } from '../relay/probes';

export const FALLBACK_TEST_MODEL = 'gpt-4o-mini';
const MOKA_AI = 44;

/** The model to test: the one asked for, else the channel's test_model, else its first model. */
export function testModelOf(channel: { testModel: string; models: string }, requested?: string): string {
  const asked = requested?.trim();
  if (asked) return asked;
  if (channel.testModel.trim() !== '') return channel.testModel.trim();
  const first = channel.models
    .split(',')
    .map((model) => model.trim())
    .find((model) => model !== '');
  return first ?? FALLBACK_TEST_MODEL;
}

export function isEmbeddingModel(model: string, channelType: number): boolean {
  const name = model.toLowerCase();
  return (
    channelType === MOKA_AI ||
    name.includes('embedding') ||
    name.includes('embed') ||
    name.includes('bge-') ||
    name.startsWith('m3e')
  );
}

// Reasoning models refuse max_tokens; thinking models need room to think before they answer; Gemini
// counts its thoughts against the limit. Claude thinking models get their limit from the Claude adapter.
function lengthLimit(model: string): Record<string, number> {
  const name = model.toLowerCase();
  if (/^o\d/.test(name)) return { max_completion_tokens: 10 };
  if (name.includes('thinking')) return name.includes('claude') ? {} : { max_tokens: 50 };
  if (name.includes('gemini')) return { max_tokens: 300 };
  return { max_tokens: 10 };
}

/** The request for `model` as the provider will see it (after the channel's model_mapping). */
export function testRequestFor(model: string, channelType: number): ProbeRequest {
  if (isEmbeddingModel(model, channelType)) {
    return { endpoint: '/v1/embeddings', body: { model, input: ['hello world'] } };
  }
  return {
    endpoint: '/v1/chat/completions',
    body: { model, stream: false, messages: [{ role: 'user', content: 'hi' }], ...lengthLimit(model) },
  };
}
