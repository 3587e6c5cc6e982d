/** Online top-up through easy-pay (reference §9, spec 001 §2, §4, §7 "Wallet"). */

/** The console's two pay buttons: Alipay and WeChat Pay. */
export const PAYMENT_METHODS = ['zfb', 'wx'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An order's life: pending until the gateway's signed callback, expired after a day without one. */
export const TopUpOrderStatus = {
  Pending: 'pending',
  Success: 'success',
  Expired: 'expired',
} as const;
export type TopUpOrderStatus = (typeof TopUpOrderStatus)[keyof typeof TopUpOrderStatus];

/** Where easy-pay calls back (GET or POST) and what it must be answered. */
export const EPAY_NOTIFY_PATH = '/api/user/epay/notify';
export const EPAY_ACK = { ok: 'success', refused: 'fail' } as const;

/**
 * POST /api/user/amount and /api/user/pay. `amount` is whole US dollars when the site displays currency,
 * else quota. `top_up_code` is carried as the console sends it (unused, as upstream).
 */
export interface TopUpAmountRequest {
  amount: number;
  top_up_code?: string;
}

export interface TopUpPayRequest extends TopUpAmountRequest {
  payment_method: PaymentMethod;
}

/** The signed easy-pay form the console posts to `url` (reference §9). */
export interface EpayFormFields {
  pid: string;
  type: 'alipay' | 'wxpay';
  out_trade_no: string;
  name: string;
  money: string;
  device: string;
  notify_url: string;
  return_url: string;
  sign_type: 'MD5';
  sign: string;
}

/** POST /api/user/pay: the envelope with the gateway's address beside the form (reference §9 shape). */
export interface TopUpPayAnswer {
  success: true;
  message: 'success';
  data: EpayFormFields;
  url: string;
}

/** One order in the user's history or the administrators' list. */
export interface TopUpOrder {
  id: number;
  user_id: number;
  /** Filled in the administrators' list. */
  username?: string;
  trade_no: string;
  /** Quota credited when paid (fixed when the order was made). */
  quota: number;
  /** Amount payable, local currency, 2 decimals. */
  money: string;
  payment_method: PaymentMethod;
  status: TopUpOrderStatus;
  created_at: number;
  /** When the payment was credited; 0 until then. */
  completed_at: number;
}

/** GET /api/user/topup/self (own) and GET /api/user/topup (administrators; `keyword` = trade number or user). */
export const TOP_UP_ROUTES = {
  amount: '/api/user/amount',
  pay: '/api/user/pay',
  self: '/api/user/topup/self',
  all: '/api/user/topup',
} as const;
