import { ChannelType } from '@tollgate/contracts';
import { type RoutingChannelRow } from '../../../channels/routing-snapshot';
import { UpstreamFailure } from '../upstream-failure';
import { testOptions, testSelection } from '../adapter-testing';
import { type ChatCall } from '../upstream-adapter';
import { BEDROCK_ADAPTER, bedrockAdapter } from './bedrock-adapter';
import { bedrockListedModels, bedrockModelId } from './bedrock-models';
import { sha256Hex } from './sigv4';

const KEY = 'AKIAEXAMPLE|secret/Key+1|us-east-1';

const selection = (upstreamModel: string, channel: Partial<RoutingChannelRow> = {}, key = KEY) =>
  testSelection({ type: ChannelType.Aws, ...channel }, key, upstreamModel);

const NOW = new Date('2025-03-01T08:00:00Z');

function build(call: Partial<ChatCall> & { model?: string }) {
  const model = call.model ?? 'claude-3-5-sonnet-20240620';
  const built = bedrockAdapter(() => NOW).buildChat({
    selection: call.selection ?? selection(model),
    body: call.body ?? {
      model,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      metadata: { user_id: 'u' },
    },
    stream: call.stream ?? false,
    options: call.options ?? testOptions(),
  });
  if (built instanceof Promise) throw new Error('the Bedrock adapter builds synchronously');
  return { ...built, json: JSON.parse(built.body) as Record<string, unknown> };
}

describe('BEDROCK_ADAPTER', () => {
  it('invokes the Bedrock model id at the region endpoint with the Claude body Bedrock accepts', () => {
    const built = build({});
    expect(BEDROCK_ADAPTER.protocolOf(selection('m'))).toBe('claude');
    expect(built.url).toBe(
      'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke',
    );
    expect(built.json).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 8192,
    });
  });

  it('streams from invoke-with-response-stream and decodes AWS event-stream frames', () => {
    expect(build({ stream: true }).url).toMatch(/\/invoke-with-response-stream$/);
    expect(BEDROCK_ADAPTER.streamDecoder?.().push(Buffer.alloc(0))).toEqual([]);
  });

  it('signs with SigV4 for service bedrock in the key region, never sending the secret', () => {
    const built = build({});
    expect(built.headers).toEqual({
      'content-type': 'application/json',
      'x-amz-content-sha256': sha256Hex(built.body),
      'x-amz-date': '20250301T080000Z',
      authorization: expect.stringMatching(
        /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/20250301\/us-east-1\/bedrock\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      ),
    });
    expect(JSON.stringify(built)).not.toContain('secret/Key+1');
    expect(build({}).headers.authorization).toBe(built.headers.authorization);
  });

  it('uses the channel base URL when set, applies the thinking adapter and sends anthropic-beta in the body', () => {
    const options = testOptions({
      'claude.model_headers_settings':
        '{"claude-3-7-sonnet-20250219":{"anthropic-beta":["output-128k-2025-02-19"]}}',
    });
    const built = build({
      selection: selection('claude-3-7-sonnet-20250219-thinking', {
        baseUrl: 'http://127.0.0.1:9000',
        paramOverride: '{"top_k":3}',
      }),
      body: { messages: [], max_tokens: 2000, temperature: 0.5 },
      options,
    });
    expect(built.url).toBe(
      'http://127.0.0.1:9000/model/us.anthropic.claude-3-7-sonnet-20250219-v1%3A0/invoke',
    );
    expect(built.json).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      messages: [],
      max_tokens: 2000,
      thinking: { type: 'enabled', budget_tokens: 1600 },
      anthropic_beta: ['output-128k-2025-02-19'],
      top_k: 3,
    });
  });

  it('refuses a key that is not AccessKey|SecretKey|Region without echoing it', () => {
    const bad = selection('claude-3-haiku-20240307', {}, 'AKIA|only-two');
    let failure: unknown;
    try {
      build({ selection: bad });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(UpstreamFailure);
    expect((failure as UpstreamFailure).body.error.code).toBe('invalid_channel_key');
    expect(JSON.stringify((failure as UpstreamFailure).body)).not.toContain('only-two');
  });
});

describe('Bedrock model list', () => {
  const target = (baseUrl = '', key = KEY) => ({ type: ChannelType.Aws, baseUrl, key, other: '' });

  it('asks the region control plane for text models, SigV4-signed for bedrock without the secret', () => {
    const list = bedrockAdapter(() => NOW).listModels?.(target());
    expect(list).toMatchObject({
      method: 'GET',
      url: 'https://bedrock.us-east-1.amazonaws.com/foundation-models?byOutputModality=TEXT',
      body: '',
      headers: {
        'x-amz-content-sha256': sha256Hex(''),
        'x-amz-date': '20250301T080000Z',
        authorization: expect.stringMatching(
          /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/20250301\/us-east-1\/bedrock\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
        ),
      },
    });
    expect(JSON.stringify(list)).not.toContain('secret/Key+1');
    expect(BEDROCK_ADAPTER.listModels?.(target('http://127.0.0.1:9000')).url).toBe(
      'http://127.0.0.1:9000/foundation-models?byOutputModality=TEXT',
    );
    expect(() => BEDROCK_ADAPTER.listModels?.(target('', 'AKIA|only-two'))).toThrow(UpstreamFailure);
  });

  it('keeps Claude ids, each profile-only one followed by its inference profile in the key region', () => {
    const answer = {
      modelSummaries: [
        { modelId: 'anthropic.claude-3-haiku-20240307-v1:0' },
        { modelId: 'meta.llama3-8b-instruct-v1:0' },
        { modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0' },
        { modelName: 'no id' },
      ],
    };
    expect(bedrockListedModels(answer, 'eu-west-3')).toEqual([
      'anthropic.claude-3-haiku-20240307-v1:0',
      'anthropic.claude-sonnet-4-5-20250929-v1:0',
      'eu.anthropic.claude-sonnet-4-5-20250929-v1:0',
    ]);
    expect(BEDROCK_ADAPTER.listModels?.(target()).parse(answer)).toContain(
      'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    );
    expect(bedrockListedModels({ message: 'denied' }, 'us-east-1')).toEqual([]);
  });
});

describe('bedrockModelId', () => {
  it.each([
    ['claude-3-5-sonnet-20241022', 'us-west-2', 'anthropic.claude-3-5-sonnet-20241022-v2:0'],
    ['claude-3-haiku-20240307', 'eu-central-1', 'anthropic.claude-3-haiku-20240307-v1:0'],
    ['claude-sonnet-4-20250514', 'eu-west-3', 'eu.anthropic.claude-sonnet-4-20250514-v1:0'],
    ['claude-opus-4-1-20250805', 'ap-northeast-1', 'apac.anthropic.claude-opus-4-1-20250805-v1:0'],
    ['claude-sonnet-4-5-20250929', 'us-east-1', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ['anthropic.claude-v2:1', 'us-east-1', 'anthropic.claude-v2:1'],
    [
      'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
      'eu-west-1',
      'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
    ],
    [
      'global.anthropic.claude-sonnet-4-5-20250929-v1:0',
      'us-east-1',
      'global.anthropic.claude-sonnet-4-5-20250929-v1:0',
    ],
    [
      'arn:aws:bedrock:us-east-1:123:inference-profile/x',
      'us-east-1',
      'arn:aws:bedrock:us-east-1:123:inference-profile/x',
    ],
    ['my-custom-model', 'us-east-1', 'my-custom-model'],
  ])('%s in %s → %s', (model, region, id) => {
    expect(bedrockModelId(model, region)).toBe(id);
  });
});
