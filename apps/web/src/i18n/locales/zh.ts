import { redemptionsZh } from '../../features/redemptions/i18n';
import { tokensZh } from '../../features/tokens/i18n';
import { walletZh } from '../../features/wallet/i18n';
import { channelsZh } from '../../features/channels/i18n';
import { identityZh } from '../../features/auth/i18n';
import { meZh } from '../../features/me/i18n';
import { usersAdminZh } from '../../features/users-admin/i18n';
import { paymentsAdminZh } from '../../features/payments-admin/i18n';
import { topUpOrdersZh } from '../../shared/top-up-orders/i18n';
import { logsZh } from '../../features/logs/i18n';
import { taskLogsZh } from '../../features/task-logs/i18n';
import { dashboardZh } from '../../features/dashboard/i18n';
import { messagesZh } from '../../features/messages/i18n';
import { pricingZh } from '../../features/pricing/i18n';
import { playgroundZh } from '../../features/playground/i18n';
import { settingsZh } from '../../features/settings/i18n';
import { chatLinksZh } from '../../shared/chat-links/i18n';
import { siteZh } from '../../features/site/i18n';
import { layoutZh } from '../../features/layout/i18n';

/** Chinese is the fallback language; its shape is the source of truth for the other locales. */
export const zh = {
  app: {
    defaultName: 'Tollgate',
  },
  language: {
    label: '语言',
    zh: '中文',
    en: 'English',
  },
  header: {
    login: '登录',
    logout: '退出登录',
    themeLight: '切换到浅色模式',
    themeDark: '切换到深色模式',
    openMenu: '打开菜单',
    collapseSider: '收起侧边栏',
    expandSider: '展开侧边栏',
    userMenu: '用户菜单',
    // Usage-mode badges beside the site name (spec 000 §6).
    selfUseMode: '自用模式',
    demoSite: '演示站点',
    // The same badges on a phone, where the header has little room.
    selfUseModeShort: '自用',
    demoSiteShort: '演示',
  },
  menu: {
    navigation: '导航',
    // Menu groups: an administrator's own screens, then the site's.
    personal: '个人中心',
    administration: '系统管理',
    dashboard: '数据看板',
    logs: '使用日志',
    // The usage, drawing and task logs sit together under one entry.
    logGroup: '日志',
    drawingLogs: '绘图日志',
    taskLogs: '任务日志',
    tokens: '令牌管理',
    wallet: '钱包',
    coupons: '兑换码管理',
    topUps: '充值订单',
    channels: '渠道管理',
    me: '个人设置',
    users: '用户管理',
    inbox: '站内消息',
    messages: '消息管理',
    playground: '操练场',
    pricing: '模型价格',
    settings: '系统设置',
  },
  errors: {
    tooManyRequests: '错误：请求次数过多，请稍后再试！',
    serverInternal: '错误：服务器内部错误，请联系管理员！',
    network: '请求失败，请检查网络连接',
    invalidResponse: '服务器返回了无法识别的响应',
    http: '请求失败（HTTP {{status}}）',
  },
  status: {
    unreachable: '无法正常连接至服务器！',
    loadFailed: '加载系统状态失败',
  },
  auth: {
    title: '登录',
    usernameLabel: '用户名或邮箱',
    usernamePlaceholder: '请输入用户名或邮箱',
    passwordLabel: '密码',
    passwordPlaceholder: '请输入密码',
    submit: '登录',
    required: '请输入用户名和密码！',
    expired: '未登录或登录已过期，请重新登录！',
    success: '登录成功！',
    noAccount: '没有账户？',
    register: '注册',
    forgotPassword: '忘记密码？',
    resetPassword: '重置密码',
    loggedOut: '已退出登录',
  },
  setup: {
    title: '系统初始化',
    subtitle: '首次使用前请完成以下设置',
    stepDatabase: '数据库检查',
    stepAdmin: '管理员账号',
    stepMode: '使用模式',
    stepConfirm: '完成',
    databaseSqlite:
      '您正在使用 SQLite 数据库。如果您在容器环境中运行，请确保已正确设置数据库文件的持久化映射，否则容器重启后所有数据将丢失！',
    databasePostgres:
      '您正在使用 PostgreSQL 数据库。PostgreSQL 是一个功能强大的开源关系型数据库系统，提供了优秀的可靠性和数据完整性，适合生产环境使用。',
    rootInitialized: '管理员账号已经初始化过，请继续设置系统参数',
    usernameLabel: '用户名',
    usernamePlaceholder: '请输入管理员用户名',
    usernameRequired: '请输入管理员用户名',
    passwordLabel: '密码',
    passwordPlaceholder: '请输入管理员密码',
    passwordMin: '密码长度至少为8个字符',
    confirmLabel: '确认密码',
    confirmPlaceholder: '请确认管理员密码',
    confirmMismatch: '两次输入的密码不一致',
    modeExternal: '对外运营模式',
    modeExternalHint:
      '默认模式，适用于为多个用户提供服务的场景。此模式下，系统将计算每次调用的用量，您需要对每个模型都设置价格，如果没有设置价格，用户将无法使用该模型。',
    modeSelfUse: '自用模式',
    modeSelfUseHint: '适用于个人使用的场景。不需要设置模型价格，系统将弱化用量计算，您可专注于使用模型。',
    modeDemo: '演示站点模式',
    modeDemoHint: '适用于展示系统功能的场景。',
    summaryDatabase: '数据库类型',
    summaryAdmin: '管理员账号',
    summaryAdminExisting: '已初始化',
    summaryMode: '使用模式',
    previous: '上一步',
    next: '下一步',
    submit: '初始化系统',
    success: '系统初始化成功，正在跳转...',
    loadFailed: '获取初始化状态失败',
  },
  home: {
    welcome: '欢迎使用 {{name}}',
    description: '统一的 AI 模型接口网关：使用一个令牌调用多家模型服务，按额度计费。',
    login: '登录',
    // Shown to visitors where registration is open.
    register: '注册',
    console: '进入控制台',
    pricing: '模型价格',
    about: '关于',
  },
  about: {
    title: '关于 {{name}}',
    description: '{{name}} 是一个自托管的 AI 模型接口网关。',
    version: '版本',
    startTime: '启动时间',
    unknown: '未知',
  },
  table: {
    loadFailed: '加载失败',
    retry: '重试',
  },
  clipboard: {
    copied: '已复制到剪贴板！',
    failedTitle: '无法复制到剪贴板，请手动复制',
  },
  notFound: {
    title: '页面不存在',
    backHome: '返回首页',
  },
  tokens: tokensZh,
  redemptions: redemptionsZh,
  wallet: walletZh,
  channels: channelsZh,
  identity: identityZh,
  me: meZh,
  usersAdmin: usersAdminZh,
  topUpOrders: topUpOrdersZh,
  paymentsAdmin: paymentsAdminZh,
  logs: logsZh,
  taskLogs: taskLogsZh,
  dashboard: dashboardZh,
  messages: messagesZh,
  pricing: pricingZh,
  playground: playgroundZh,
  settings: settingsZh,
  chatLinks: chatLinksZh,
  site: siteZh,
  layout: layoutZh,
};

export type Translation = typeof zh;
