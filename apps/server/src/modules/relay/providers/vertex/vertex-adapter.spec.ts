import { ChannelType } from '@tollgate/contracts';
import { type RoutingChannelRow } from '../../../channels/routing-snapshot';
import { testOptions, testSelection } from '../adapter-testing';
import { type ChatCall } from '../upstream-adapter';
import { parseServiceAccount } from './service-account';
import { VERTEX_ADAPTER, vertexClaudeModelOf, vertexRegionOf, vertexRequestOf } from './vertex-adapter';

const ACCOUNT = parseServiceAccount(
  JSON.stringify({
    client_email: 'a@proj-1.iam.gserviceaccount.com',
    private_key: 'pem',
    project_id: 'proj-1',
  }),
);

function call(model: string, channel: Partial<RoutingChannelRow>, stream = false, body = {}): ChatCall {
  return {
    selection: testSelection({ type: ChannelType.VertexAi, ...channel }, 'service-account-json', model),
    body,
    stream,
    options: testOptions({ 'gemini.thinking_adapter_enabled': 'true' }),
  };
}

describe('VERTEX_ADAPTER addressing', () => {
  it('reads the region from `other`: plain, or JSON by model with a default', () => {
    expect(vertexRegionOf('europe-west4', 'gemini-2.0-flash')).toBe('europe-west4');
    const regions = '{"default":"us-east5","gemini-2.5-pro":"global"}';
    expect(vertexRegionOf(regions, 'gemini-2.5-pro')).toBe('global');
    expect(vertexRegionOf(regions, 'claude-3-5-sonnet-20240620')).toBe('us-east5');
    expect(vertexRegionOf('', 'm')).toBe('us-central1');
  });

  it('writes Claude dates with @', () => {
    expect(vertexClaudeModelOf('claude-3-5-sonnet-20240620')).toBe('claude-3-5-sonnet@20240620');
    expect(vertexClaudeModelOf('claude-sonnet-4@20250514')).toBe('claude-sonnet-4@20250514');
    expect(vertexClaudeModelOf('claude-opus-4-1')).toBe('claude-opus-4-1');
  });

  it('sends Gemini models to the regional generateContent endpoints, tuned like the Gemini API', () => {
    const plain = vertexRequestOf(call('gemini-2.0-flash', { other: 'europe-west4' }), ACCOUNT);
    expect(plain.url).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1/projects/proj-1/locations/europe-west4/publishers/google/models/gemini-2.0-flash:generateContent',
    );
    expect(plain.body.safetySettings).toHaveLength(5);
    const thinking = vertexRequestOf(
      call('gemini-2.5-flash-nothinking', { other: 'global' }, true, { contents: [] }),
      ACCOUNT,
    );
    expect(thinking.url).toBe(
      'https://aiplatform.googleapis.com/v1/projects/proj-1/locations/global/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    expect(thinking.body.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
  });

  it('sends Claude models to rawPredict with the Vertex anthropic_version and no model in the body', () => {
    const claudeBody = { model: 'claude-3-5-sonnet-20240620', max_tokens: 10, messages: [] };
    const built = vertexRequestOf(
      call(
        'claude-3-5-sonnet-20240620',
        { other: 'us-east5', baseUrl: 'http://mock.test' },
        true,
        claudeBody,
      ),
      ACCOUNT,
    );
    expect(built.url).toBe(
      'http://mock.test/v1/projects/proj-1/locations/us-east5/publishers/anthropic/models/claude-3-5-sonnet@20240620:streamRawPredict',
    );
    expect(built.body).toEqual({
      max_tokens: 10,
      messages: [],
      anthropic_version: 'vertex-2023-10-16',
      stream: true,
    });
    const whole = vertexRequestOf(
      call('claude-3-haiku@20240307', { other: 'us-east5' }, false, claudeBody),
      ACCOUNT,
    );
    expect(whole.url).toMatch(/\/publishers\/anthropic\/models\/claude-3-haiku@20240307:rawPredict$/);
    expect(whole.body).not.toHaveProperty('stream');
  });

  it('fills max_tokens, which Claude requires, and thinks for a -thinking model, as on Anthropic’s API', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    const plain = vertexRequestOf(call('claude-3-5-haiku-20241022', {}, false, { messages }), ACCOUNT);
    expect(plain.body).toEqual({ messages, max_tokens: 8192, anthropic_version: 'vertex-2023-10-16' });
    const thinking = vertexRequestOf(
      {
        ...call('claude-3-7-sonnet-20250219-thinking', {}, false, { messages, max_tokens: 2000 }),
        options: testOptions({ 'claude.thinking_adapter_enabled': 'true' }),
      },
      ACCOUNT,
    );
    expect(thinking.url).toMatch(/\/models\/claude-3-7-sonnet@20250219:rawPredict$/);
    expect(thinking.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 1600 } });
  });

  it('speaks Claude for Claude models and Gemini for the rest', () => {
    expect(
      VERTEX_ADAPTER.protocolOf(testSelection({ type: ChannelType.VertexAi }, 'k', 'claude-3-opus@20240229')),
    ).toBe('claude');
    expect(
      VERTEX_ADAPTER.protocolOf(testSelection({ type: ChannelType.VertexAi }, 'k', 'gemini-2.0-flash')),
    ).toBe('gemini');
  });
});
