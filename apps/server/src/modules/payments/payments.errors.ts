import { errorFactory, type ErrorCatalogue } from '../../common/errors/app-error';

export type PaymentErrorCode =
  | 'online_top_up_disabled'
  | 'amount_invalid'
  | 'amount_below_minimum'
  | 'money_too_low'
  | 'payment_method_invalid';

// Spec 000 §5 / 001 §8 wallet texts where the spec quotes one.
export const PAYMENT_ERRORS: ErrorCatalogue<PaymentErrorCode> = {
  online_top_up_disabled: {
    kind: 'business',
    en: 'The administrator has not enabled online top-up!',
    zh: '管理员未开启在线充值！',
  },
  amount_invalid: {
    kind: 'business',
    en: 'The top-up amount must be a whole number from 1 to {max}',
    zh: '充值数量必须是 1 到 {max} 之间的整数',
  },
  amount_below_minimum: {
    kind: 'business',
    en: 'The top-up amount cannot be less than {min}',
    zh: '充值数量不能小于 {min}',
  },
  money_too_low: {
    kind: 'business',
    en: 'The amount payable is too low (at least 0.01)',
    zh: '充值金额过低（至少 0.01）',
  },
  payment_method_invalid: {
    kind: 'business',
    en: 'Unknown payment method: choose zfb or wx',
    zh: '支付方式不存在，请选择 zfb 或 wx',
  },
};

export const paymentError = errorFactory(PAYMENT_ERRORS);
