/** Strings of the administrators' top-up order list. */
export const paymentsAdminZh = {
  title: '充值订单',
  refresh: '刷新',
  search: {
    keyword: '关键字',
    keywordPlaceholder: '订单号、用户名或用户 ID',
    submit: '查询',
  },
};

export const paymentsAdminEn: typeof paymentsAdminZh = {
  title: 'Top-up orders',
  refresh: 'Refresh',
  search: {
    keyword: 'Keyword',
    keywordPlaceholder: 'Order number, username or user ID',
    submit: 'Search',
  },
};
