import { type RoutingChannelRow } from '../../../channels/routing-snapshot';
import { type Selection } from '../../channel-selector';
import { toRoutedChannel } from '../../routing-table';
import { OPENAI_ADAPTER } from './openai-adapter';

function selection(): Selection {
  const row: RoutingChannelRow = {
    id: 3,
    name: 'c',
    type: 1,
    status: 1,
    baseUrl: 'http://upstream.test/',
    openaiOrganization: 'org-1',
    other: '',
    modelMapping: '',
    statusCodeMapping: '',
    paramOverride: '{"temperature":0}',
    headerOverride: '{"X-Key-Copy":"key={api_key}"}',
    setting: '',
    autoBan: 1,
    createdTime: 0,
    channelInfo: '',
    key: '',
  };
  const channel = toRoutedChannel(row, ['sk-secret-1']);
  return { channel, key: 'sk-secret-1', keyIndex: 0, upstreamModel: 'gpt-real', modelMapped: true };
}

describe('OPENAI_ADAPTER', () => {
  it('builds the upstream call: URL, bearer key, organization, header and param overrides, mapped model', () => {
    const built = OPENAI_ADAPTER.buildRequest({
      endpoint: '/v1/chat/completions',
      selection: selection(),
      body: { model: 'asked', messages: [], temperature: 1, stream: true },
      wantStreamUsage: true,
    });
    expect(built.url).toBe('http://upstream.test/v1/chat/completions');
    expect(built.headers).toMatchObject({
      authorization: 'Bearer sk-secret-1',
      'openai-organization': 'org-1',
      'x-key-copy': 'key=sk-secret-1',
    });
    expect(JSON.parse(built.body)).toEqual({
      model: 'gpt-real',
      messages: [],
      temperature: 0,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('reads usage with cached tokens', () => {
    const usage = { prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 4 } };
    expect(OPENAI_ADAPTER.usageOfJson({ usage })).toEqual({
      promptTokens: 10,
      completionTokens: 2,
      cachedTokens: 4,
    });
    expect(OPENAI_ADAPTER.usageOfJson({ choices: [] })).toBeNull();
  });

  it('passes an OpenAI error through without the keys, and shapes any other body as upstream_error', () => {
    const openAi = JSON.stringify({
      error: { message: 'bad key sk-secret-1', type: 'x', code: 'invalid_api_key' },
    });
    expect(OPENAI_ADAPTER.mapError(401, openAi, ['sk-secret-1']).body.error).toEqual({
      message: 'bad key ***',
      type: 'x',
      param: null,
      code: 'invalid_api_key',
    });
    expect(OPENAI_ADAPTER.mapError(502, '{"msg":"gateway down"}', []).body.error).toEqual({
      message: 'gateway down',
      type: 'upstream_error',
      param: '502',
      code: 'bad_response_status_code',
    });
    expect(OPENAI_ADAPTER.mapError(500, '<html>', []).body.error.message).toBe(
      'bad response status code 500',
    );
  });
});
