import { type ExternalProvider } from '../../users/users.service';

/** Who a provider says the person is; `id` is what gets bound (stable: numeric ids, OIDC `sub`). */
export interface ExternalIdentity {
  provider: ExternalProvider;
  id: string;
  /** Their name at the provider, the base of a generated username. */
  handle: string;
  displayName?: string;
  /** Only an address the provider vouches for. */
  email?: string;
}

/** How providers are named in messages. */
export const PROVIDER_LABELS: Record<ExternalProvider, string> = {
  github: 'GitHub',
  oidc: 'OIDC',
  linuxdo: 'Linux DO',
  wechat: 'WeChat',
  telegram: 'Telegram',
};
