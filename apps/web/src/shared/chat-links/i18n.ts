/** Chat links (spec 001 §2 Chat embed, §8): the spec's messages verbatim. */
export const chatLinksZh = {
  action: '聊天',
  pickTitle: '用令牌「{{name}}」打开聊天应用',
  frameTitle: '聊天',
  redirecting: '正在跳转到聊天应用…',
  errors: {
    misconfigured: '聊天链接配置错误，请联系管理员',
    notConfigured: '请联系管理员配置聊天链接',
    unparsable: '聊天数据解析失败',
    noToken: '当前没有可用的启用令牌，请确认是否有令牌处于启用状态！',
  },
};

export const chatLinksEn: typeof chatLinksZh = {
  action: 'Chat',
  pickTitle: 'Open a chat app with token “{{name}}”',
  frameTitle: 'Chat',
  redirecting: 'Opening the chat app…',
  errors: {
    misconfigured: 'The chat link is misconfigured, please contact the administrator',
    notConfigured: 'Please ask the administrator to configure chat links',
    unparsable: 'The chat data could not be parsed',
    noToken: 'There is no enabled token; please check that one of your tokens is enabled!',
  },
};
