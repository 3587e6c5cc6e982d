import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { type OAuthAuthorization, type OAuthCodeProvider } from '@tollgate/contracts';
import { type Caller } from '../../../common/decorators/auth.decorators';
import { AppError } from '../../../common/errors/app-error';
import { AppConfig } from '../../../infra/config/app-config';
import { OptionsService } from '../../options/options.service';
import { publicAddress } from '../public-address';
import { type CodeCallback, type CodeProvider } from './code-provider';
import { ExternalAccountsService } from './external-accounts.service';
import { PROVIDER_LABELS } from './external-identity';
import { type CallbackOutcome } from './callback-outcome';
import { GITHUB_SITE, LINUX_DO_SITE } from './code-sites';
import { OAuthStateService } from './oauth-state.service';
import { oauthError } from './oauth.errors';
import { OAuth2Client } from './oauth2-client';
import { OidcProvider } from './oidc.provider';
import { type CodeSite, SiteCodeProvider } from './site-code-provider';

export interface CallbackInput {
  code: string;
  state: string;
  iss?: string;
}

/**
 * The authorization-code logins (GitHub, OIDC, Linux DO): a state is issued (bound to the browser by a
 * cookie), the provider sends the browser back with a code, and the callback signs in, signs up or binds.
 */
@Injectable()
export class OAuthService {
  private readonly logger = new Logger(OAuthService.name);
  private readonly providers: Record<OAuthCodeProvider, CodeProvider>;

  constructor(
    oidc: OidcProvider,
    oauth2: OAuth2Client,
    private readonly states: OAuthStateService,
    private readonly accounts: ExternalAccountsService,
    private readonly options: OptionsService,
    private readonly config: AppConfig,
  ) {
    const site = (definition: CodeSite) =>
      new SiteCodeProvider(definition, options, config.identity.endpoints, oauth2);
    this.providers = { github: site(GITHUB_SITE), oidc, linuxdo: site(LINUX_DO_SITE) };
  }

  /** GET /api/oauth/state: for a console that builds the provider address itself. */
  createState(aff: string, caller: Caller | null): Promise<string> {
    return this.states.create({ aff, bindUserId: caller?.id ?? null });
  }

  /** The provider's sign-in address with a fresh state (and PKCE where the provider takes it). */
  async authorize(name: OAuthCodeProvider, aff: string, caller: Caller | null): Promise<OAuthAuthorization> {
    const provider = this.enabledProvider(name);
    const pkceVerifier = provider.pkce ? randomBytes(32).toString('base64url') : undefined;
    const state = await this.states.create({ aff, bindUserId: caller?.id ?? null, pkceVerifier });
    const url = await this.guard(provider, () =>
      provider.authorizationUrl({ state, redirectUri: this.redirectUri(name), pkceVerifier }),
    );
    return { url, state };
  }

  /** The callback: `browserState` is the state cookie, so a code+state link sent to someone else is useless. */
  async complete(
    name: OAuthCodeProvider,
    input: CallbackInput,
    browserState: string | null,
    caller: Caller | null,
  ): Promise<CallbackOutcome> {
    const provider = this.enabledProvider(name);
    if (!input.code) throw oauthError('code_required');
    if (!input.state || input.state !== browserState) throw oauthError('state_invalid');
    const record = await this.states.consume(input.state);
    // A bind started by one account cannot be finished by another (or by nobody).
    if (!record || (record.bindUserId !== null && record.bindUserId !== caller?.id))
      throw oauthError('state_invalid');
    const callback: CodeCallback = {
      ...input,
      redirectUri: this.redirectUri(name),
      pkceVerifier: record.pkceVerifier,
    };
    const identity = await this.guard(provider, () => provider.identify(callback));
    if (record.bindUserId !== null) {
      await this.accounts.bind(record.bindUserId, identity);
      return { kind: 'bind', provider: name };
    }
    return { kind: 'login', login: await this.accounts.signIn(identity, { aff: record.aff }) };
  }

  private enabledProvider(name: OAuthCodeProvider): CodeProvider {
    const provider = this.providers[name];
    if (!provider.enabled()) throw oauthError('provider_disabled', { provider: PROVIDER_LABELS[name] });
    return provider;
  }

  /** The console page the provider returns to (spec §2: /oauth/github, /oauth/oidc, /oauth/linuxdo). */
  private redirectUri(name: OAuthCodeProvider): string {
    return `${publicAddress(this.options, this.config)}/oauth/${name}`;
  }

  /** Provider trouble becomes one summarised message; the details (never tokens) go to the log. */
  private async guard<T>(provider: CodeProvider, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const label = PROVIDER_LABELS[provider.name];
      this.logger.warn(`${label} sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
      throw oauthError('provider_failed', { provider: label });
    }
  }
}
