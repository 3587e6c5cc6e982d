import { type RoutingChannelRow } from '../../../channels/routing-snapshot';
import { type ChatCall } from '../upstream-adapter';
import { CLAUDE_ADAPTER } from './claude-adapter';
import { ChannelType } from '@tollgate/contracts';
import { testOptions, testSelection } from '../adapter-testing';

const selection = (upstreamModel: string, channel: Partial<RoutingChannelRow> = {}) =>
  testSelection({ type: ChannelType.Anthropic, ...channel }, 'sk-ant-secret', upstreamModel);

function build(call: Partial<ChatCall> & { model?: string }) {
  const model = call.model ?? 'claude-sonnet-4-5-20250929';
  const built = CLAUDE_ADAPTER.buildChat({
    selection: call.selection ?? selection(model),
    body: call.body ?? { model, messages: [{ role: 'user', content: 'hi' }] },
    stream: call.stream ?? false,
    options: call.options ?? testOptions(),
  });
  if (built instanceof Promise) throw new Error('the Anthropic adapter builds synchronously');
  return { ...built, json: JSON.parse(built.body) as Record<string, unknown> };
}

describe('CLAUDE_ADAPTER', () => {
  it('speaks Claude and posts to the default Anthropic address with its key and version headers', () => {
    const built = build({});
    expect(CLAUDE_ADAPTER.protocolOf(selection('m'))).toBe('claude');
    expect(built.url).toBe('https://api.anthropic.com/v1/messages');
    expect(built.headers).toEqual({
      'content-type': 'application/json',
      'x-api-key': 'sk-ant-secret',
      'anthropic-version': '2023-06-01',
    });
    expect(built.json).toEqual({
      model: 'claude-sonnet-4-5-20250929',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 8192,
    });
  });

  it('fills max_tokens from claude.default_max_tokens (the model, else default) and keeps a given one', () => {
    const options = testOptions({
      'claude.default_max_tokens': '{"default":2048,"claude-3-haiku-20240307":4096}',
    });
    expect(build({ model: 'claude-3-haiku-20240307', options }).json.max_tokens).toBe(4096);
    expect(build({ model: 'claude-opus-4-1-20250805', options }).json.max_tokens).toBe(2048);
    const body = { model: 'x', messages: [], max_tokens: 77 };
    expect(build({ body, options }).json.max_tokens).toBe(77);
  });

  it('streams when asked, whatever the body said', () => {
    const body = { model: 'x', messages: [], stream: true };
    expect(build({ body, stream: true }).json.stream).toBe(true);
    expect(build({ body, stream: false }).json).not.toHaveProperty('stream');
  });

  it('turns a -thinking model into the plain model with a thinking budget, dropping sampling knobs', () => {
    const body = { model: 'x', messages: [], max_tokens: 10000, temperature: 0.2, top_p: 0.9, top_k: 5 };
    const built = build({ model: 'claude-3-7-sonnet-20250219-thinking', body });
    expect(built.json).toEqual({
      model: 'claude-3-7-sonnet-20250219',
      messages: [],
      max_tokens: 10000,
      thinking: { type: 'enabled', budget_tokens: 8000 },
    });
  });

  it('keeps the thinking budget inside what Claude accepts', () => {
    const options = testOptions({ 'claude.thinking_adapter_budget_tokens_percentage': '0.1' });
    const small = build({ model: 'c-thinking', body: { messages: [], max_tokens: 100 }, options });
    expect(small.json).toMatchObject({ max_tokens: 1280, thinking: { budget_tokens: 1024 } });
    const whole = testOptions({ 'claude.thinking_adapter_budget_tokens_percentage': '1' });
    const capped = build({ model: 'c-thinking', body: { messages: [], max_tokens: 4000 }, options: whole });
    expect(capped.json).toMatchObject({ max_tokens: 4000, thinking: { budget_tokens: 3999 } });
  });

  it('keeps a caller-given thinking block, and the suffix when the adapter is off', () => {
    const own = { type: 'enabled', budget_tokens: 2000 };
    const kept = build({ model: 'c-thinking', body: { messages: [], max_tokens: 5000, thinking: own } });
    expect(kept.json).toMatchObject({ model: 'c', thinking: own });
    const off = testOptions({ 'claude.thinking_adapter_enabled': 'false' });
    const plain = build({ model: 'c-thinking', body: { messages: [], temperature: 1 }, options: off });
    expect(plain.json).toEqual({ model: 'c-thinking', messages: [], temperature: 1, max_tokens: 8192 });
  });

  it('adds claude.model_headers_settings for the model, then the channel header override', () => {
    const options = testOptions({
      'claude.model_headers_settings': JSON.stringify({
        'claude-3-7-sonnet-20250219': {
          'anthropic-beta': ['output-128k-2025-02-19', 'token-efficient-tools-2025-02-19'],
        },
      }),
    });
    const channel = {
      baseUrl: 'https://proxy.example/',
      headerOverride: '{"X-Relay-Auth":"Bearer {api_key}"}',
    };
    const built = build({
      selection: selection('claude-3-7-sonnet-20250219-thinking', channel),
      options,
    });
    expect(built.url).toBe('https://proxy.example/v1/messages');
    expect(built.headers).toMatchObject({
      'anthropic-beta': 'output-128k-2025-02-19,token-efficient-tools-2025-02-19',
      'x-relay-auth': 'Bearer sk-ant-secret',
    });
  });

  it('lets param_override keys win last', () => {
    const channel = { paramOverride: '{"max_tokens":321,"metadata":{"user_id":"ops"}}' };
    const built = build({ selection: selection('claude-x', channel) });
    expect(built.json).toMatchObject({ model: 'claude-x', max_tokens: 321, metadata: { user_id: 'ops' } });
  });

  it('lists models from GET /v1/models with the key', () => {
    const request = CLAUDE_ADAPTER.listModels?.({
      type: 14,
      baseUrl: 'https://api.anthropic.com',
      key: 'k',
      other: '',
    });
    expect(request).toMatchObject({
      method: 'GET',
      url: 'https://api.anthropic.com/v1/models?limit=1000',
      headers: { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
    });
    const answer = {
      data: [
        { type: 'model', id: 'claude-a' },
        { type: 'model', id: 'claude-b' },
      ],
      has_more: false,
    };
    expect(request?.parse(answer)).toEqual(['claude-a', 'claude-b']);
    expect(request?.parse('not a list')).toEqual([]);
  });
});
