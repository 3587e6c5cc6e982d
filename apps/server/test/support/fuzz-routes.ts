import { type BadInputGateway, RELAY_MODELS } from './bad-input-gateway';
import { type FieldKind, type QueryKind, type RelayFieldKind } from './fuzz-values';

type Json = Record<string, unknown>;

/** Who calls: nobody, the user alice, or the root administrator. */
export type Caller = 'anonymous' | 'alice' | 'root';

/**
 * A console route that takes input. `body` is a valid request, so a poisoned field is the only thing wrong;
 * `fields` are the body fields its DTO checks, `query` the query fields. `id` puts a row id in the path.
 */
export interface ConsoleRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  caller: Caller;
  body?: (g: BadInputGateway) => Json;
  fields?: Record<string, FieldKind>;
  query?: Record<string, QueryKind>;
  id?: (g: BadInputGateway) => number;
}

const TOKEN_FIELDS: Record<string, FieldKind> = {
  name: 'text',
  remain_quota: 'quota',
  unlimited_quota: 'bool',
  expired_time: 'loose',
  model_limits_enabled: 'bool',
  model_limits: 'text',
  allow_ips: 'text',
  group: 'text',
  rate_limit_enabled: 'bool',
  rate_limit_period: 'int32>=1',
  rate_limit_count: 'int32>=0',
  rate_limit_success: 'int32>=1',
};

const CHANNEL_FIELDS: Record<string, FieldKind> = {
  type: 'int32>=0',
  name: 'text',
  key: 'text',
  openai_organization: 'text',
  max_input_tokens: 'int32>=0',
  base_url: 'text',
  other: 'text',
  model_mapping: 'text',
  status_code_mapping: 'text',
  setting: 'text',
  param_override: 'text',
  header_override: 'text',
  models: 'text',
  group: 'text',
  auto_ban: 'enum',
  test_model: 'text',
  priority: 'loose',
  weight: 'loose',
  tag: 'text',
  model_prefix: 'text',
  status: 'loose',
};

const REDEMPTION_FIELDS: Record<string, FieldKind> = {
  name: 'text',
  quota: 'quota',
  is_gift: 'bool',
  max_uses: 'int32>=-1',
  valid_from: 'epoch',
  valid_until: 'epoch',
};

const PAGE: Record<string, QueryKind> = { p: 'int', page_size: 'int' };

/** Every console route that writes (grep @Post/@Put/@Delete), the reads of one row by id, and the lists. */
export const CONSOLE_ROUTES: ConsoleRoute[] = [
  {
    method: 'post',
    path: '/api/setup',
    caller: 'anonymous',
    body: () => ({ username: 'root2', password: 'root2-pass-1', confirmPassword: 'root2-pass-1' }),
    fields: {
      username: 'text',
      password: 'text',
      confirmPassword: 'text',
      SelfUseModeEnabled: 'bool',
      DemoSiteEnabled: 'bool',
    },
  },
  {
    method: 'post',
    path: '/api/user/login',
    caller: 'anonymous',
    body: () => ({ username: 'alice', password: 'alice-pass-1' }),
    fields: { username: 'text', password: 'text' },
  },
  {
    method: 'post',
    path: '/api/user/register',
    caller: 'anonymous',
    body: () => ({ username: 'fuzzed', password: 'fuzzed-pass-1' }),
    fields: {
      username: 'text',
      password: 'text',
      email: 'text',
      verification_code: 'text',
      aff_code: 'text',
    },
  },
  {
    method: 'post',
    path: '/api/user/reset',
    caller: 'anonymous',
    body: () => ({ email: 'alice@example.com', token: 'x' }),
    fields: { email: 'text', token: 'text' },
  },
  {
    method: 'put',
    path: '/api/user/self',
    caller: 'alice',
    body: () => ({ display_name: 'Alice F' }),
    fields: { display_name: 'text', password: 'text', original_password: 'text' },
  },
  {
    method: 'delete',
    path: '/api/user/self',
    caller: 'alice',
    body: () => ({ password: 'not-her-name' }),
    fields: { password: 'text' },
  },
  {
    method: 'put',
    path: '/api/user/setting',
    caller: 'alice',
    body: () => ({ notify_type: 'email', quota_warning_threshold: 100_000 }),
    fields: {
      notify_type: 'text',
      quota_warning_threshold: 'quota',
      webhook_url: 'text',
      webhook_secret: 'text',
      notification_email: 'text',
      accept_unset_model_ratio_model: 'bool',
    },
  },
  {
    method: 'post',
    path: '/api/user/aff_transfer',
    caller: 'alice',
    body: () => ({ quota: 1 }),
    fields: { quota: 'quota' },
  },
  { method: 'post', path: '/api/user/check_in', caller: 'alice' },
  {
    method: 'post',
    path: '/api/user/topup',
    caller: 'alice',
    body: () => ({ key: 'no-such-code' }),
    fields: { key: 'text' },
  },
  {
    method: 'post',
    path: '/api/user/amount',
    caller: 'alice',
    body: () => ({ amount: 10, top_up_code: '' }),
    fields: { amount: 'quota', top_up_code: 'text' },
  },
  {
    method: 'post',
    path: '/api/user/pay',
    caller: 'alice',
    body: () => ({ amount: 10, payment_method: 'zfb', top_up_code: '' }),
    fields: { amount: 'quota', payment_method: 'enum', top_up_code: 'text' },
  },
  {
    method: 'post',
    path: '/api/token/',
    caller: 'alice',
    body: () => ({ name: 'fuzzed', remain_quota: 1000, expired_time: -1 }),
    fields: { ...TOKEN_FIELDS, quantity: 'int32' },
  },
  {
    method: 'put',
    path: '/api/token/',
    caller: 'alice',
    body: (g) => ({ id: g.tokenId, name: 'renamed' }),
    fields: { ...TOKEN_FIELDS, id: 'id', status: 'int32' },
  },
  {
    method: 'put',
    path: '/api/token/?status_only=true',
    caller: 'alice',
    body: (g) => ({ id: g.tokenId, status: 2 }),
    fields: { id: 'id', status: 'int32' },
  },
  { method: 'delete', path: '/api/token/', caller: 'alice', id: (g) => g.tokenId },
  { method: 'get', path: '/api/token/', caller: 'alice', id: (g) => g.tokenId },
  {
    method: 'post',
    path: '/api/user/',
    caller: 'root',
    body: () => ({ username: 'fuzzed2', password: 'fuzzed-pass-2' }),
    fields: { username: 'text', password: 'text', display_name: 'text', role: 'enum' },
  },
  {
    method: 'put',
    path: '/api/user/',
    caller: 'root',
    body: (g) => ({ id: g.bob.id, display_name: 'Bob F', quota: 5 }),
    fields: {
      id: 'id',
      username: 'text',
      display_name: 'text',
      password: 'text',
      group: 'text',
      quota: 'quota',
    },
  },
  {
    method: 'post',
    path: '/api/user/manage',
    caller: 'root',
    body: (g) => ({ id: g.bob.id, action: 'disable' }),
    fields: { id: 'id', action: 'text' },
  },
  { method: 'get', path: '/api/user/', caller: 'root', id: (g) => g.bob.id },
  {
    method: 'put',
    path: '/api/option/',
    caller: 'root',
    body: () => ({ key: 'Notice', value: 'fuzzed' }),
    fields: { key: 'text', value: 'text' },
  },
  { method: 'post', path: '/api/option/rest_model_ratio', caller: 'root' },
  {
    method: 'post',
    path: '/api/channel/fetch_models',
    caller: 'root',
    body: (g) => ({ type: 1, key: 'sk-upstream', base_url: g.mock.url }),
    // `type` is converted like a form field ('1' → 1), so only what no conversion mends is refused.
    fields: { type: 'loose', key: 'text', base_url: 'text' },
  },
  { method: 'delete', path: '/api/channel/disabled', caller: 'root' },
  {
    method: 'post',
    path: '/api/channel/batch',
    caller: 'root',
    body: (g) => ({ ids: [g.channelId] }),
    fields: { ids: 'ids' },
  },
  { method: 'post', path: '/api/channel/fix', caller: 'root' },
  {
    method: 'post',
    path: '/api/channel/',
    caller: 'root',
    body: () => ({ name: 'fuzzed', type: 1, key: 'sk-fuzzed', models: 'fz-model', group: 'default' }),
    fields: { ...CHANNEL_FIELDS, mode: 'enum', multi_key_mode: 'enum', channel: 'object' },
  },
  {
    method: 'put',
    path: '/api/channel/',
    caller: 'root',
    body: (g) => ({ id: g.channelId, name: 'renamed', priority: 3 }),
    fields: { ...CHANNEL_FIELDS, id: 'id', multi_key_mode: 'enum' },
  },
  { method: 'delete', path: '/api/channel/', caller: 'root', id: (g) => g.channelId },
  {
    method: 'post',
    path: '/api/admin/messages/',
    caller: 'root',
    body: (g) => ({ title: 'fuzzed', content: 'hello', format: 'markdown', user_ids: [g.alice.id] }),
    fields: { title: 'text', content: 'text', format: 'enum', user_ids: 'ids', all_users: 'bool' },
  },
  { method: 'get', path: '/api/admin/messages/search', caller: 'root', query: { keyword: 'text' } },
  // A read is refused by its id alone (no message exists: only the bad ids matter).
  { method: 'get', path: '/api/admin/messages/', caller: 'root', id: (g) => g.channelId },
  {
    method: 'post',
    path: '/api/channel/copy/',
    caller: 'root',
    id: (g) => g.channelId,
    query: { suffix: 'text' },
  },
  { method: 'get', path: '/api/channel/', caller: 'root', id: (g) => g.channelId },
  {
    method: 'post',
    path: '/api/channel/batch/tag',
    caller: 'root',
    body: (g) => ({ ids: [g.channelId], tag: 'fuzzed' }),
    fields: { ids: 'ids', tag: 'text' },
  },
  {
    method: 'put',
    path: '/api/channel/tag',
    caller: 'root',
    body: () => ({ tag: 'fuzzed', new_tag: 'other', priority: 1 }),
    fields: {
      tag: 'text',
      new_tag: 'text',
      model_mapping: 'text',
      groups: 'text',
      models: 'text',
      priority: 'loose',
      weight: 'loose',
    },
  },
  {
    method: 'post',
    path: '/api/channel/tag/enabled',
    caller: 'root',
    body: () => ({ tag: 'fuzzed' }),
    fields: { tag: 'text' },
  },
  {
    method: 'post',
    path: '/api/channel/tag/disabled',
    caller: 'root',
    body: () => ({ tag: 'fuzzed' }),
    fields: { tag: 'text' },
  },
  {
    method: 'post',
    path: '/api/redemption/',
    caller: 'root',
    body: () => ({ name: 'fuzzed', quota: 100, count: 1 }),
    fields: { ...REDEMPTION_FIELDS, count: 'int32', key: 'text' },
  },
  {
    method: 'put',
    path: '/api/redemption/',
    caller: 'root',
    body: (g) => ({ id: g.redemptionId, name: 'renamed' }),
    fields: { ...REDEMPTION_FIELDS, id: 'id', status: 'int32' },
  },
  {
    method: 'put',
    path: '/api/redemption/?status_only=true',
    caller: 'root',
    body: (g) => ({ id: g.redemptionId, status: 2 }),
    fields: { id: 'id', status: 'int32' },
  },
  {
    method: 'put',
    path: '/api/redemption/batch-disable',
    caller: 'root',
    body: (g) => ({ ids: [g.redemptionId] }),
    fields: { ids: 'ids' },
  },
  { method: 'delete', path: '/api/redemption/delete-disabled', caller: 'root' },
  { method: 'delete', path: '/api/redemption/delete-by-name', caller: 'root', query: { name: 'text' } },
  { method: 'delete', path: '/api/log/', caller: 'root', query: { target_timestamp: 'int' } },
  { method: 'delete', path: '/api/redemption/', caller: 'root', id: (g) => g.redemptionId },
  { method: 'get', path: '/api/redemption/', caller: 'root', id: (g) => g.redemptionId },
  { method: 'get', path: '/api/token/', caller: 'alice', query: { ...PAGE, size: 'int' } },
  {
    method: 'get',
    path: '/api/token/search',
    caller: 'alice',
    query: { ...PAGE, keyword: 'text', token: 'text' },
  },
  { method: 'get', path: '/api/user/', caller: 'root', query: PAGE },
  {
    method: 'get',
    path: '/api/user/search',
    caller: 'root',
    query: { ...PAGE, keyword: 'text', group: 'text' },
  },
  { method: 'get', path: '/api/channel/', caller: 'root', query: { ...PAGE, type: 'int' } },
  {
    method: 'get',
    path: '/api/channel/search',
    caller: 'root',
    query: { ...PAGE, keyword: 'text', model: 'text' },
  },
  { method: 'get', path: '/api/redemption/', caller: 'root', query: PAGE },
  { method: 'get', path: '/api/redemption/search', caller: 'root', query: { ...PAGE, keyword: 'text' } },
  { method: 'get', path: '/api/user/topup/self', caller: 'alice', query: PAGE },
  { method: 'get', path: '/api/user/topup', caller: 'root', query: { ...PAGE, keyword: 'text' } },
];

/** A relay call: a valid request (priced, with a channel), and the fields the gateway checks. */
export interface RelayRoute {
  path: string;
  caller: 'token' | 'session';
  headers?: Record<string, string>;
  body: Json;
  fields: Record<string, RelayFieldKind>;
}

const MESSAGES = [{ role: 'user', content: 'hi' }];
const CONTENTS = [{ role: 'user', parts: [{ text: 'hi' }] }];
const GEMINI_CHAT = `/v1beta/models/${RELAY_MODELS.chat}`;
const GEMINI_EMBED = `/v1beta/models/${RELAY_MODELS.embedding}`;
const CHAT_FIELDS: Record<string, RelayFieldKind> = {
  model: 'model',
  messages: 'messages',
  max_tokens: 'token-cap',
  max_completion_tokens: 'token-cap',
};

export const RELAY_ROUTES: RelayRoute[] = [
  {
    path: '/v1/chat/completions',
    caller: 'token',
    body: { model: RELAY_MODELS.chat, messages: MESSAGES },
    fields: CHAT_FIELDS,
  },
  {
    path: '/v1/completions',
    caller: 'token',
    body: { model: RELAY_MODELS.completion, prompt: 'hi' },
    fields: { model: 'model', prompt: 'required', max_tokens: 'token-cap' },
  },
  {
    path: '/v1/embeddings',
    caller: 'token',
    body: { model: RELAY_MODELS.embedding, input: 'hi' },
    fields: { model: 'model', input: 'required' },
  },
  {
    path: '/v1/moderations',
    caller: 'token',
    body: { model: RELAY_MODELS.moderation, input: 'hi' },
    fields: { model: 'unpriced-model', input: 'required' },
  },
  {
    path: '/v1/images/generations',
    caller: 'token',
    body: { model: RELAY_MODELS.image, prompt: 'a cat' },
    fields: { model: 'unpriced-model', prompt: 'required', n: 'image-count' },
  },
  {
    path: '/v1/audio/speech',
    caller: 'token',
    body: { model: RELAY_MODELS.speech, input: 'hi', voice: 'alloy' },
    fields: { model: 'unpriced-model', input: 'required' },
  },
  {
    path: '/v1/responses',
    caller: 'token',
    body: { model: RELAY_MODELS.chat, input: 'hi' },
    fields: { model: 'model', max_output_tokens: 'token-cap' },
  },
  {
    path: '/v1/messages',
    caller: 'token',
    headers: { 'anthropic-version': '2023-06-01' },
    body: { model: RELAY_MODELS.chat, max_tokens: 16, messages: MESSAGES },
    fields: { model: 'model', messages: 'messages', max_tokens: 'token-cap' },
  },
  {
    path: `${GEMINI_CHAT}:generateContent`,
    caller: 'token',
    body: { contents: CONTENTS },
    fields: { contents: 'messages', generationConfig: 'gemini-config' },
  },
  {
    path: `${GEMINI_CHAT}:streamGenerateContent?alt=sse`,
    caller: 'token',
    body: { contents: CONTENTS },
    fields: { contents: 'messages', generationConfig: 'gemini-config' },
  },
  {
    path: `${GEMINI_EMBED}:embedContent`,
    caller: 'token',
    body: { content: { parts: [{ text: 'hi' }] } },
    fields: { content: 'gemini-content' },
  },
  {
    path: `${GEMINI_EMBED}:batchEmbedContents`,
    caller: 'token',
    body: { requests: [{ content: { parts: [{ text: 'hi' }] } }] },
    fields: { requests: 'gemini-requests' },
  },
  { path: '/mj/submit/imagine', caller: 'token', body: { prompt: 'a cat' }, fields: { prompt: 'required' } },
  {
    path: '/suno/submit/music',
    caller: 'token',
    body: { prompt: 'a song about cats' },
    fields: { prompt: 'required' },
  },
  {
    path: '/pg/chat/completions',
    caller: 'session',
    body: { model: RELAY_MODELS.chat, messages: MESSAGES },
    fields: { ...CHAT_FIELDS, group: 'group' },
  },
];

export const routeName = (route: { method?: string; path: string; id?: unknown }): string =>
  `${(route.method ?? 'post').toUpperCase()} ${route.path}${route.id ? '{id}' : ''}`;
