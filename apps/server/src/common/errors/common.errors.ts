import { errorFactory, type ErrorCatalogue } from './app-error';

export type CommonErrorCode =
  | 'unauthenticated'
  | 'session_user_mismatch'
  | 'forbidden'
  | 'not_found'
  | 'invalid_input'
  | 'nul_character'
  | 'json_too_deep'
  | 'form_body_refused'
  | 'too_many_requests'
  | 'internal'
  | 'not_initialised';

export const COMMON_ERRORS: ErrorCatalogue<CommonErrorCode> = {
  unauthenticated: {
    kind: 'unauthenticated',
    en: 'Not logged in or the login has expired, please log in again!',
    zh: '未登录或登录已过期，请重新登录！',
  },
  session_user_mismatch: {
    kind: 'unauthenticated',
    en: 'The session does not belong to this user, please log in again',
    zh: '会话与当前用户不一致，请重新登录',
  },
  forbidden: {
    kind: 'forbidden',
    en: 'No permission to perform this operation',
    zh: '无权进行此操作，权限不足',
  },
  not_found: { kind: 'not_found', en: 'Invalid URL ({method} {path})', zh: '无效的地址（{method} {path}）' },
  invalid_input: { kind: 'business', en: 'Invalid input: {detail}', zh: '输入不合法：{detail}' },
  // PostgreSQL text cannot hold U+0000; refused for both databases alike.
  nul_character: {
    kind: 'business',
    en: 'Invalid input: {field} contains a NUL character (\\u0000)',
    zh: '输入不合法：{field} 包含空字符（\\u0000）',
  },
  json_too_deep: {
    kind: 'business',
    en: 'Invalid input: the JSON body is nested deeper than {max} levels',
    zh: '输入不合法：JSON 请求体的嵌套超过 {max} 层',
  },
  form_body_refused: {
    kind: 'business',
    en: 'Invalid input: send the body as JSON (application/json)',
    zh: '输入不合法：请求体须为 JSON（application/json）',
  },
  too_many_requests: {
    kind: 'too_many_requests',
    en: 'Too many requests, please try again later',
    zh: '请求过于频繁，请稍后再试',
  },
  internal: {
    kind: 'internal',
    en: 'Server internal error, please try again later',
    zh: '服务器内部错误，请稍后再试',
  },
  not_initialised: {
    kind: 'business',
    en: 'The system is not initialised yet, please complete the setup first',
    zh: '系统尚未初始化，请先完成初始化设置',
  },
};

export const commonError = errorFactory(COMMON_ERRORS);
