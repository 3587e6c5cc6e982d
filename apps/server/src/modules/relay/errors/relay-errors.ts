import { AppError, type ErrorDefinition } from '../../../common/errors/app-error';

/** `error.type` values: the gateway's own refusals, bad requests, and what came from a provider. */
export type OpenAiErrorType = 'gateway_error' | 'invalid_request_error' | 'upstream_error';

/** A relay refusal: the HTTP status and OpenAI `type` the SDKs map to typed errors (reference §1.5). */
export interface RelayErrorDefinition extends ErrorDefinition {
  status: number;
  type: OpenAiErrorType;
}

export type RelayErrorCode =
  | 'invalid_api_key'
  | 'token_expired'
  | 'token_exhausted'
  | 'token_disabled'
  | 'user_banned'
  | 'access_denied'
  | 'model_not_allowed'
  | 'group_not_usable'
  | 'channel_forbidden'
  | 'invalid_channel_id'
  | 'channel_disabled'
  | 'insufficient_user_quota'
  | 'pre_consume_token_quota_failed'
  | 'model_price_error'
  | 'no_available_channel'
  | 'rate_limit_exceeded'
  | 'success_rate_limit_exceeded'
  | 'token_rate_limit_exceeded'
  | 'token_success_rate_limit_exceeded'
  | 'invalid_text_request'
  | 'sensitive_words_detected'
  | 'model_not_found'
  | 'invalid_url'
  | 'browser_extension_blocked'
  | 'media_fetch_failed'
  | 'api_not_implemented'
  | 'internal_error';

// Chinese texts are the ones the established gateways answer with; the status column is reference §1.5.
export const RELAY_ERRORS: Record<RelayErrorCode, RelayErrorDefinition> = {
  invalid_api_key: {
    status: 401,
    type: 'gateway_error',
    kind: 'unauthenticated',
    en: 'Invalid token',
    zh: '无效的令牌',
  },
  token_expired: {
    status: 401,
    type: 'gateway_error',
    kind: 'unauthenticated',
    en: 'The token has expired',
    zh: '该令牌已过期',
  },
  token_exhausted: {
    status: 401,
    type: 'gateway_error',
    kind: 'unauthenticated',
    en: 'The token quota is used up [{key}]',
    zh: '该令牌额度已用尽 [{key}]',
  },
  token_disabled: {
    status: 401,
    type: 'gateway_error',
    kind: 'unauthenticated',
    en: 'The token status is unavailable',
    zh: '该令牌状态不可用',
  },
  user_banned: {
    status: 403,
    type: 'gateway_error',
    kind: 'forbidden',
    en: 'The user is banned',
    zh: '用户已被封禁',
  },
  access_denied: {
    status: 403,
    type: 'gateway_error',
    kind: 'forbidden',
    en: 'Your IP {ip} is not in the allow list of this token',
    zh: '您的 IP {ip} 不在令牌允许访问的列表中',
  },
  model_not_allowed: {
    status: 403,
    type: 'gateway_error',
    kind: 'forbidden',
    en: 'This token has no access to model {model}',
    zh: '该令牌无权访问模型 {model}',
  },
  group_not_usable: {
    status: 403,
    type: 'gateway_error',
    kind: 'forbidden',
    en: 'Group {group} is not available to this token',
    zh: '该令牌无权使用分组 {group}',
  },
  channel_forbidden: {
    status: 403,
    type: 'gateway_error',
    kind: 'forbidden',
    en: 'Normal users cannot specify a channel',
    zh: '普通用户不支持指定渠道',
  },
  invalid_channel_id: {
    status: 400,
    type: 'gateway_error',
    kind: 'business',
    en: 'Invalid channel ID',
    zh: '无效的渠道 Id',
  },
  channel_disabled: {
    status: 403,
    type: 'gateway_error',
    kind: 'forbidden',
    en: 'The channel has been disabled',
    zh: '该渠道已被禁用',
  },
  insufficient_user_quota: {
    status: 403,
    type: 'gateway_error',
    kind: 'forbidden',
    en: 'Insufficient user quota',
    zh: '用户额度不足',
  },
  pre_consume_token_quota_failed: {
    status: 403,
    type: 'gateway_error',
    kind: 'forbidden',
    en: 'Insufficient token quota',
    zh: '令牌额度不足',
  },
  // Reference §1.5 answers 500, but the operator's pricing refuses this model to the caller: no retry can help,
  // and a 5xx would make SDKs retry and monitors page.
  model_price_error: {
    status: 403,
    type: 'gateway_error',
    kind: 'forbidden',
    en: 'Model {model} has no price or ratio set; ask the administrator to set one',
    zh: '模型 {model} 倍率或价格未配置，请联系管理员设置',
  },
  no_available_channel: {
    status: 503,
    type: 'gateway_error',
    kind: 'internal',
    en: 'No available channel for model {model} in group {group}',
    zh: '当前分组 {group} 下对于模型 {model} 无可用渠道',
  },
  rate_limit_exceeded: {
    status: 429,
    type: 'gateway_error',
    kind: 'too_many_requests',
    en: 'Rate limit reached: at most {count} requests in {minutes} minutes',
    zh: '您已达到请求数限制：{minutes}分钟内最多请求{count}次',
  },
  success_rate_limit_exceeded: {
    status: 429,
    type: 'gateway_error',
    kind: 'too_many_requests',
    en: 'Rate limit reached: at most {count} successful requests in {minutes} minutes',
    zh: '您已达到请求数限制：{minutes}分钟内最多成功请求{count}次',
  },
  token_rate_limit_exceeded: {
    status: 429,
    type: 'gateway_error',
    kind: 'too_many_requests',
    en: 'Token rate limit reached: at most {count} requests in {seconds} seconds',
    zh: '令牌已达到请求数限制：{seconds}秒内最多请求{count}次',
  },
  token_success_rate_limit_exceeded: {
    status: 429,
    type: 'gateway_error',
    kind: 'too_many_requests',
    en: 'Token rate limit reached: at most {count} successful requests in {seconds} seconds',
    zh: '令牌已达到请求数限制：{seconds}秒内最多成功请求{count}次',
  },
  invalid_text_request: {
    status: 400,
    type: 'invalid_request_error',
    kind: 'business',
    en: 'Invalid request: {detail}',
    zh: '无效的请求：{detail}',
  },
  // The prompt, not the gateway, is at fault: OpenAI answers its own content-policy refusals with this type,
  // so clients that branch on it treat the call as one to change rather than retry.
  sensitive_words_detected: {
    status: 400,
    type: 'invalid_request_error',
    kind: 'business',
    en: 'The request contains sensitive words: {words}',
    zh: '请求包含敏感词：{words}',
  },
  model_not_found: {
    status: 404,
    type: 'invalid_request_error',
    kind: 'not_found',
    en: "The model '{model}' does not exist",
    zh: '模型 {model} 不存在',
  },
  invalid_url: {
    status: 404,
    type: 'invalid_request_error',
    kind: 'not_found',
    en: 'Invalid URL ({method} {path})',
    zh: '无效的地址（{method} {path}）',
  },
  // global.block_browser_extension_enabled (reference §12): the Origin names an extension (chrome-extension://…).
  browser_extension_blocked: {
    status: 403,
    type: 'gateway_error',
    kind: 'forbidden',
    en: 'Requests from browser extensions are not allowed on this site',
    zh: '本站不允许浏览器扩展发起的请求',
  },
  // An image or document URL the caller gave, which the provider needs inline, could not be fetched.
  media_fetch_failed: {
    status: 400,
    type: 'invalid_request_error',
    kind: 'business',
    en: 'A file URL in the request could not be fetched: {reason}',
    zh: '请求中的文件地址无法获取：{reason}',
  },
  api_not_implemented: {
    status: 501,
    type: 'gateway_error',
    kind: 'internal',
    en: 'API not implemented',
    zh: 'API 未实现',
  },
  internal_error: {
    status: 500,
    type: 'gateway_error',
    kind: 'internal',
    en: 'Server internal error, please try again later',
    zh: '服务器内部错误，请稍后再试',
  },
};

/** `throw relayError('token_expired')`; the error filter answers it in the caller's protocol. */
export const relayError = (code: RelayErrorCode, params?: Record<string, string | number>): AppError =>
  new AppError(RELAY_ERRORS[code], code, params);

export const isRelayErrorCode = (code: string): code is RelayErrorCode => Object.hasOwn(RELAY_ERRORS, code);
