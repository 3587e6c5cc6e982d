import { ChannelType } from '@tollgate/contracts';
import { type RoutingChannelRow } from '../../../channels/routing-snapshot';
import { testOptions, testSelection } from '../adapter-testing';
import { type ChatCall } from '../upstream-adapter';
import { AccessTokenCache, AccessTokenError } from './access-tokens';
import { parseServiceAccount } from './service-account';
import {
  createVertexAdapter,
  VERTEX_ADAPTER,
  vertexClaudeModelOf,
  vertexRegionOf,
  vertexRequestOf,
} from './vertex-adapter';

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

describe('Vertex AI model list', () => {
  const KEY = JSON.stringify({
    client_email: 'a@proj-1.iam.gserviceaccount.com',
    private_key: 'pem',
    project_id: 'p',
  });
  const target = (other: string, baseUrl = '', key = KEY) => ({
    type: ChannelType.VertexAi,
    baseUrl,
    key,
    other,
  });
  // The token exchange itself is tested over HTTP against the mock (test/); here only what the list does with it.
  const adapter = (fetched: string | Error) =>
    createVertexAdapter(
      new AccessTokenCache(() =>
        fetched instanceof Error
          ? Promise.reject(fetched)
          : Promise.resolve({ accessToken: fetched, expiresAt: Date.now() + 3_600_000 }),
      ),
    );

  it('lists the Google and Anthropic publishers at the default region, paged by nextPageToken', () => {
    const list = VERTEX_ADAPTER.listModels?.(target('{"default":"europe-west4","gemini-2.5-pro":"global"}'));
    expect(list).toMatchObject({
      method: 'GET',
      url: 'https://europe-west4-aiplatform.googleapis.com/v1beta1/publishers/google/models?pageSize=1000',
      moreUrls: [
        'https://europe-west4-aiplatform.googleapis.com/v1beta1/publishers/anthropic/models?pageSize=1000',
      ],
      headers: {},
    });
    const answer = {
      publisherModels: [{ name: 'publishers/google/models/gemini-2.0-flash-001' }, { name: 7 }, {}],
      nextPageToken: 'n/2',
    };
    expect(list?.parse(answer)).toEqual(['gemini-2.0-flash-001']);
    expect(list?.nextUrl?.(answer, list.url)).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1beta1/publishers/google/models?pageSize=1000&pageToken=n%2F2',
    );
    expect(list?.nextUrl?.({}, list.url)).toBeNull();
    expect(VERTEX_ADAPTER.listModels?.(target('', 'http://mock.test')).url).toBe(
      'http://mock.test/v1beta1/publishers/google/models?pageSize=1000',
    );
  });

  it('authorizes with the cached access token, and says why a key cannot get one without quoting it', async () => {
    await expect(adapter('ya29.t').listModels?.(target('us-east5')).authorize?.()).resolves.toEqual({
      authorization: 'Bearer ya29.t',
    });
    const refused = adapter(
      new AccessTokenError(400, 'token endpoint answered 400: invalid_grant Invalid JWT Signature.'),
    );
    await expect(refused.listModels?.(target('us-east5')).authorize?.()).rejects.toThrow(
      'Vertex AI authentication failed: token endpoint answered 400: invalid_grant Invalid JWT Signature.',
    );
    const notJson = adapter('unused').listModels?.(target('us-east5', '', 'secret-not-json'));
    await expect(notJson?.authorize?.()).rejects.toThrow(
      'Vertex AI authentication failed: the key is not service-account JSON',
    );
  });
});
