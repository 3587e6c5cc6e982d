/** Strings of the wallet screen (spec 000 §2, §5; spec 001 §2, §5, §8); the spec's messages verbatim. */
export const walletZh = {
  title: '钱包',
  requestFailed: '请求失败',
  balance: {
    title: '账户余额',
    quota: '当前余额',
    usedQuota: '历史消耗',
    requestCount: '请求次数',
  },
  redeem: {
    title: '兑换码充值',
    code: '兑换码',
    placeholder: '请输入兑换码',
    submit: '兑换',
    recognized: '已识别兑换码：',
    change: '更换',
    getCode: '获取兑换码',
    empty: '请输入兑换码！',
    success: '兑换成功！已获得额度 {{quota}}',
  },
  topUp: {
    disabled: '管理员未开启在线充值！',
    disabledHint: '可以使用兑换码充值。',
  },
};

export const walletEn: typeof walletZh = {
  title: 'Wallet',
  requestFailed: 'Request failed',
  balance: {
    title: 'Balance',
    quota: 'Current balance',
    usedQuota: 'Used so far',
    requestCount: 'Requests',
  },
  redeem: {
    title: 'Redeem a code',
    code: 'Redemption code',
    placeholder: 'Enter a redemption code',
    submit: 'Redeem',
    recognized: 'Redemption code recognised:',
    change: 'Change',
    getCode: 'Get a code',
    empty: 'Please enter a redemption code!',
    success: 'Redeemed! Quota added: {{quota}}',
  },
  topUp: {
    disabled: 'The administrator has not enabled online top-up!',
    disabledHint: 'You can top up with a redemption code.',
  },
};
