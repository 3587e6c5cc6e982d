import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

export type BillingErrorCode =
  | 'model_price_error'
  | 'insufficient_user_quota'
  | 'insufficient_token_quota'
  | 'pre_consume_token_quota_failed';

// Kinds give the relay's statuses of reference §1.5: quota failures 403; an unpriced model 403 too (the
// reference's 500 would blame the gateway for the operator's pricing).
export const BILLING_ERRORS: ErrorCatalogue<BillingErrorCode> = {
  model_price_error: {
    kind: 'forbidden',
    en: 'Model {model} has no price or ratio configured; ask the administrator to set one',
    zh: '模型 {model} 倍率或价格未配置，请联系管理员设置',
  },
  insufficient_user_quota: {
    kind: 'forbidden',
    en: 'Insufficient user quota',
    zh: '用户额度不足',
  },
  insufficient_token_quota: {
    kind: 'forbidden',
    en: 'The token quota is used up',
    zh: '令牌额度已用尽',
  },
  pre_consume_token_quota_failed: {
    kind: 'forbidden',
    en: 'The token quota is not enough for this request (needs {amount}, {remain} left)',
    zh: '令牌额度不足以预扣本次请求（需要 {amount}，剩余 {remain}）',
  },
};

export const billingError = errorFactory(BILLING_ERRORS);
