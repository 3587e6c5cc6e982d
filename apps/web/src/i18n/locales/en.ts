import type { Translation } from './zh';
import { redemptionsEn } from '../../features/redemptions/i18n';
import { tokensEn } from '../../features/tokens/i18n';
import { walletEn } from '../../features/wallet/i18n';
import { channelsEn } from '../../features/channels/i18n';
import { identityEn } from '../../features/auth/i18n';
import { meEn } from '../../features/me/i18n';
import { usersAdminEn } from '../../features/users-admin/i18n';
import { paymentsAdminEn } from '../../features/payments-admin/i18n';
import { topUpOrdersEn } from '../../shared/top-up-orders/i18n';
import { logsEn } from '../../features/logs/i18n';
import { taskLogsEn } from '../../features/task-logs/i18n';
import { dashboardEn } from '../../features/dashboard/i18n';
import { messagesEn } from '../../features/messages/i18n';
import { pricingEn } from '../../features/pricing/i18n';
import { playgroundEn } from '../../features/playground/i18n';
import { settingsEn } from '../../features/settings/i18n';
import { chatLinksEn } from '../../shared/chat-links/i18n';
import { siteEn } from '../../features/site/i18n';
import { layoutEn } from '../../features/layout/i18n';

export const en: Translation = {
  app: {
    defaultName: 'Tollgate',
  },
  language: {
    label: 'Language',
    zh: '中文',
    en: 'English',
  },
  header: {
    login: 'Sign in',
    logout: 'Log out',
    themeLight: 'Switch to light mode',
    themeDark: 'Switch to dark mode',
    openMenu: 'Open menu',
    collapseSider: 'Collapse sidebar',
    expandSider: 'Expand sidebar',
    userMenu: 'User menu',
    // Usage-mode badges beside the site name (spec 000 §6).
    selfUseMode: 'Self-use mode',
    demoSite: 'Demo site',
    // The same badges on a phone, where the header has little room.
    selfUseModeShort: 'Self-use',
    demoSiteShort: 'Demo',
  },
  menu: {
    navigation: 'Navigation',
    // Menu groups: an administrator's own screens, then the site's.
    personal: 'Personal',
    administration: 'Administration',
    dashboard: 'Dashboard',
    logs: 'Usage logs',
    logGroup: 'Logs',
    drawingLogs: 'Drawing logs',
    taskLogs: 'Task logs',
    tokens: 'Tokens',
    wallet: 'Wallet',
    coupons: 'Redemption codes',
    topUps: 'Top-up orders',
    channels: 'Channels',
    me: 'Personal settings',
    users: 'Users',
    inbox: 'Inbox',
    messages: 'Messages',
    playground: 'Playground',
    pricing: 'Pricing',
    settings: 'Settings',
  },
  errors: {
    tooManyRequests: 'Error: too many requests, please try again later!',
    serverInternal: 'Error: server internal error, please contact the administrator!',
    network: 'Request failed, please check your network connection',
    invalidResponse: 'The server returned an unexpected response',
    http: 'Request failed (HTTP {{status}})',
  },
  status: {
    unreachable: 'Unable to connect to server',
    loadFailed: 'Failed to load status',
  },
  auth: {
    title: 'Sign in',
    usernameLabel: 'Username or email',
    usernamePlaceholder: 'Enter your username or email',
    passwordLabel: 'Password',
    passwordPlaceholder: 'Enter your password',
    submit: 'Sign in',
    required: 'Please enter username and password',
    expired: 'Not logged in or login has expired, please log in again!',
    success: 'Signed in successfully!',
    noAccount: 'No account yet?',
    register: 'Sign up',
    forgotPassword: 'Forgot your password?',
    resetPassword: 'Reset password',
    loggedOut: 'Logged out',
  },
  setup: {
    title: 'System initialisation',
    subtitle: 'Complete these settings before first use',
    stepDatabase: 'Database check',
    stepAdmin: 'Administrator account',
    stepMode: 'Usage mode',
    stepConfirm: 'Finish',
    databaseSqlite:
      'You are using an SQLite database. When running in a container, make sure the database file is mapped to persistent storage, otherwise all data is lost when the container restarts!',
    databasePostgres:
      'You are using a PostgreSQL database: a powerful open-source relational database with excellent reliability and data integrity, suitable for production.',
    rootInitialized:
      'The administrator account has already been initialised; continue with the system settings',
    usernameLabel: 'Username',
    usernamePlaceholder: 'Enter the administrator username',
    usernameRequired: 'Please enter the administrator username',
    passwordLabel: 'Password',
    passwordPlaceholder: 'Enter the administrator password',
    passwordMin: 'The password must be at least 8 characters long',
    confirmLabel: 'Confirm password',
    confirmPlaceholder: 'Enter the administrator password again',
    confirmMismatch: 'The two passwords do not match',
    modeExternal: 'External operation',
    modeExternalHint:
      'Default mode, for serving many users. Usage is computed for every call; every model needs a price, and users cannot use a model without one.',
    modeSelfUse: 'Self-use',
    modeSelfUseHint:
      'For personal use. No model prices are needed and usage accounting is de-emphasised, so you can focus on using the models.',
    modeDemo: 'Demo site',
    modeDemoHint: 'For showing the features of the system.',
    summaryDatabase: 'Database type',
    summaryAdmin: 'Administrator account',
    summaryAdminExisting: 'Already initialised',
    summaryMode: 'Usage mode',
    previous: 'Previous',
    next: 'Next',
    submit: 'Initialise system',
    success: 'System initialised successfully, redirecting...',
    loadFailed: 'Failed to load the setup status',
  },
  home: {
    welcome: 'Welcome to {{name}}',
    description:
      'One gateway for AI model APIs: call many model providers with a single token, billed by quota.',
    login: 'Sign in',
    // Shown to visitors where registration is open.
    register: 'Create an account',
    console: 'Open console',
    pricing: 'Model prices',
    about: 'About',
  },
  about: {
    title: 'About {{name}}',
    description: '{{name}} is a self-hosted AI model API gateway.',
    version: 'Version',
    startTime: 'Started at',
    unknown: 'Unknown',
  },
  table: {
    loadFailed: 'Could not load the list',
    retry: 'Retry',
  },
  clipboard: {
    copied: 'Copied to the clipboard!',
    failedTitle: 'Could not copy to the clipboard, please copy it by hand',
  },
  notFound: {
    title: 'The page does not exist',
    backHome: 'Back to home',
  },
  tokens: tokensEn,
  redemptions: redemptionsEn,
  wallet: walletEn,
  channels: channelsEn,
  identity: identityEn,
  me: meEn,
  usersAdmin: usersAdminEn,
  topUpOrders: topUpOrdersEn,
  paymentsAdmin: paymentsAdminEn,
  logs: logsEn,
  taskLogs: taskLogsEn,
  dashboard: dashboardEn,
  messages: messagesEn,
  pricing: pricingEn,
  playground: playgroundEn,
  settings: settingsEn,
  chatLinks: chatLinksEn,
  site: siteEn,
  layout: layoutEn,
};
