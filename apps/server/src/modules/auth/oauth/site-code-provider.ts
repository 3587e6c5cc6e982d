import { type OptionKey } from '@tollgate/contracts';
import { type ProviderEndpoints } from '../../../infra/config/identity-config';
import { type OptionsService } from '../../options/options.service';
import {
  type AuthorizationRequest,
  type CodeCallback,
  type CodeProvider,
  profileText,
  withQuery,
} from './code-provider';
import { type ExternalIdentity, PROVIDER_LABELS } from './external-identity';
import { type ClientAuthStyle, type OAuth2Client, OAuth2Error } from './oauth2-client';

/** What tells one plain OAuth2 site (no discovery, no PKCE) from another: its options, addresses and profile. */
export interface CodeSite {
  name: 'github' | 'linuxdo';
  options: { enabled: OptionKey; clientId: OptionKey; clientSecret: OptionKey };
  urls(endpoints: ProviderEndpoints): { authorize: string; token: string; user: string };
  clientAuth: ClientAuthStyle;
  /** The sign-in address's query from the standard client_id, redirect_uri and state. */
  query(standard: Record<string, string>): Record<string, string>;
  /** The profile field holding the person's name at the site (the id is always `id`). */
  handleField: string;
  /** Whether the profile's `email` is one the site vouches for. */
  trustsEmail: boolean;
  /** Refuses a profile the site marks as unusable (throws an AppError). */
  check?(profile: Record<string, unknown>): void;
}

/** The authorization-code flow of one site: sign-in address, code exchange, then its user endpoint. */
export class SiteCodeProvider implements CodeProvider {
  readonly name: CodeSite['name'];
  readonly pkce = false;

  constructor(
    private readonly site: CodeSite,
    private readonly options: OptionsService,
    private readonly endpoints: ProviderEndpoints,
    private readonly oauth2: OAuth2Client,
  ) {
    this.name = site.name;
  }

  enabled(): boolean {
    return this.options.getBoolean(this.site.options.enabled);
  }

  authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const standard = {
      client_id: this.options.get(this.site.options.clientId),
      redirect_uri: request.redirectUri,
      state: request.state,
    };
    return Promise.resolve(withQuery(this.site.urls(this.endpoints).authorize, this.site.query(standard)));
  }

  async identify(callback: CodeCallback): Promise<ExternalIdentity> {
    const { site } = this;
    const urls = site.urls(this.endpoints);
    const accessToken = await this.oauth2.exchangeCode({
      tokenUrl: urls.token,
      clientId: this.options.get(site.options.clientId),
      clientSecret: this.options.get(site.options.clientSecret),
      code: callback.code,
      redirectUri: callback.redirectUri,
      style: site.clientAuth,
    });
    const profile = await this.oauth2.fetchProfile(urls.user, accessToken);
    // The numeric id, not the name: names can be changed and then claimed by someone else.
    const id = profileText(profile.id);
    const handle = profileText(profile[site.handleField]);
    if (!id || !handle)
      throw new OAuth2Error(`${PROVIDER_LABELS[site.name]} user has no id or ${site.handleField}`);
    site.check?.(profile);
    return {
      provider: site.name,
      id,
      handle,
      displayName: profileText(profile.name) || handle,
      email: site.trustsEmail ? profileText(profile.email) || undefined : undefined,
    };
  }
}
