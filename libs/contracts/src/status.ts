/** GET /api/status: read by the console at start and cached in local storage `status`. */
export interface StatusObject {
  system_name: string;
  logo: string;
  footer_html: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  /** Chat client link templates: one-key objects name → URL template with {key} and {address}. */
  chats: Array<Record<string, string>>;
  data_export_default_time: string;
  default_collapse_sidebar: boolean;
  mj_notify_enabled: boolean;
  docs_link: string;
  aff_enabled: boolean;
  check_in_enabled: boolean;
  turnstile_check: boolean;
  turnstile_site_key: string;
  email_verification: boolean;
  github_oauth: boolean;
  github_client_id: string;
  oidc_enabled: boolean;
  oidc_client_id: string;
  oidc_authorization_endpoint: string;
  wechat_login: boolean;
  wechat_qrcode: string;
  telegram_oauth: boolean;
  telegram_bot_name: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  version: string;
  /** Epoch seconds when this server process started. */
  start_time: number;
  top_up_link: string;
  min_topup: number;
  price: number;
  enable_online_topup: boolean;
  server_address: string;
  self_use_mode_enabled: boolean;
  demo_site_enabled: boolean;
  setup: boolean;
}
