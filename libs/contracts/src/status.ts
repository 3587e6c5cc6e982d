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

export const STATUS_ROUTES = {
  /** GET (admin): every declared queue's backlog and whether a worker consumes it (QueueStatus[]). */
  queues: '/api/status/queues',
} as const;

/**
 * One background queue as an administrator sees it. In a scaled deployment (api replicas + worker processes
 * on one Redis) jobs wait silently while no worker runs: waiting or delayed jobs with `has_worker: false`
 * pile up.
 */
export interface QueueStatus {
  /** The queue's name as the server declares it (one queue per job name: notify, task-poll, …). */
  queue: string;
  waiting: number;
  /** Due later: retries, delayed adds and the next run of a schedule. */
  delayed: number;
  active: number;
  /** Failed jobs still kept (the last hour's, at most 1,000 per queue). */
  failed: number;
  /** Some process consumes this queue right now (Redis mode: a worker beat within the last seconds). */
  has_worker: boolean;
}
