import { DEFAULT_GROUP_RATIO } from './default-pricing';
import { type OptionSpec, bool, decimal, integer, json, secret, str, text, url } from './option-spec';

/** Server address, worker proxy and easy-pay payment. */
export const SERVER_OPTIONS = {
  // Empty: the server falls back to its own listening address when building links.
  ServerAddress: url(),
  WorkerUrl: url(),
  WorkerValidKey: secret(),
  PayAddress: url(),
  EpayId: str(),
  EpayKey: secret(),
  /** Local currency charged per US$1 of quota. */
  Price: decimal(7.3, { min: 0, minExclusive: true }),
  MinTopUp: integer(1, { min: 1 }),
  CustomCallbackAddress: url(),
  TopupGroupRatio: json(DEFAULT_GROUP_RATIO, 'ratio-map'),
  TopUpLink: url(),
} satisfies Record<string, OptionSpec>;

/** "Other settings" panel and console look. */
export const APPEARANCE_OPTIONS = {
  Notice: text(),
  SystemName: str('Tollgate'),
  Logo: url(),
  Footer: text(),
  About: text(),
  HomePageContent: text(),
  custom_head_html: text(),
  global_css: text(),
  global_js: text(),
  'general_setting.docs_link': url(),
  DefaultCollapseSidebar: bool(false),
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
} satisfies Record<string, OptionSpec>;

/** Usage modes and Midjourney / async task switches. */
export const MODE_OPTIONS = {
  DemoSiteEnabled: bool(false),
  SelfUseModeEnabled: bool(false),
  DrawingEnabled: bool(true),
  TaskEnabled: bool(true),
  MjNotifyEnabled: bool(false),
  MjAccountFilterEnabled: bool(false),
  MjModeClearEnabled: bool(false),
  MjForwardUrlEnabled: bool(true),
  MjActionCheckSuccessEnabled: bool(true),
} satisfies Record<string, OptionSpec>;
