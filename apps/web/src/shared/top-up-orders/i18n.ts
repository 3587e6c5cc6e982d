/** Top-up order strings shared by the wallet's history and the administrators' order list. */
export const topUpOrdersZh = {
  columns: {
    time: '时间',
    user: '用户',
    tradeNo: '订单号',
    amount: '充值额度',
    money: '支付金额',
    method: '支付方式',
    status: '状态',
    completedAt: '到账时间',
  },
  methods: { zfb: '支付宝', wx: '微信' },
  statuses: { pending: '待支付', success: '已到账', expired: '已过期' },
  total: '共 {{total}} 笔订单',
};

export const topUpOrdersEn: typeof topUpOrdersZh = {
  columns: {
    time: 'Time',
    user: 'User',
    tradeNo: 'Order number',
    amount: 'Amount',
    money: 'Paid',
    method: 'Method',
    status: 'Status',
    completedAt: 'Credited at',
  },
  methods: { zfb: 'Alipay', wx: 'WeChat Pay' },
  statuses: { pending: 'Awaiting payment', success: 'Credited', expired: 'Expired' },
  total: 'Orders: {{total}}',
};
