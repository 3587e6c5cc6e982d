import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { OptionsService } from '../../options/options.service';
import {
  type AuthorizationRequest,
  type CodeCallback,
  type CodeProvider,
  profileText,
  withQuery,
} from './code-provider';
import { type ExternalIdentity } from './external-identity';
import { OAuth2Client, OAuth2Error } from './oauth2-client';

const TIMEOUT_SECONDS = 5;
const SCOPE = 'openid profile email';

type Claims = Record<string, unknown>;

/**
 * OpenID Connect (reference §8.4). With `oidc.well_known` set, openid-client discovers the provider and runs
 * the code flow with ID-token checks (and PKCE when the server built the sign-in address); without it, the
 * configured endpoints are used as plain OAuth2 plus the user-info call.
 */
@Injectable()
export class OidcProvider implements CodeProvider {
  readonly name = 'oidc';
  readonly pkce = true;
  private discovered: { key: string; config: Promise<oidc.Configuration> } | null = null;

  constructor(
    private readonly options: OptionsService,
    private readonly oauth2: OAuth2Client,
  ) {}

  enabled(): boolean {
    return this.options.getBoolean('oidc.enabled');
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: this.options.get('oidc.client_id'),
      redirect_uri: request.redirectUri,
      scope: SCOPE,
      state: request.state,
    };
    if (request.pkceVerifier) {
      params.code_challenge = await oidc.calculatePKCECodeChallenge(request.pkceVerifier);
      params.code_challenge_method = 'S256';
    }
    const config = await this.configuration();
    if (config) return oidc.buildAuthorizationUrl(config, params).toString();
    return withQuery(this.options.get('oidc.authorization_endpoint'), params);
  }

  async identify(callback: CodeCallback): Promise<ExternalIdentity> {
    const config = await this.configuration();
    const claims = config ? await this.viaDiscovery(config, callback) : await this.viaEndpoints(callback);
    const sub = profileText(claims.sub);
    if (!sub) throw new OAuth2Error('OIDC user info has no subject');
    const handle = profileText(claims.preferred_username) || sub;
    // Only an address the provider says it verified (some send the flag as a string).
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    return {
      provider: 'oidc',
      id: sub,
      handle,
      displayName: profileText(claims.name) || handle,
      email: verified ? profileText(claims.email) || undefined : undefined,
    };
  }

  private async viaDiscovery(config: oidc.Configuration, callback: CodeCallback): Promise<Claims> {
    const current = new URL(callback.redirectUri);
    current.searchParams.set('code', callback.code);
    current.searchParams.set('state', callback.state);
    // One configured issuer means no mix-up to defend against; the console may not forward `iss`.
    const iss = callback.iss || config.serverMetadata().issuer;
    if (config.serverMetadata().authorization_response_iss_parameter_supported)
      current.searchParams.set('iss', iss);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      expectedState: callback.state,
      pkceCodeVerifier: callback.pkceVerifier,
    });
    const subject = tokens.claims()?.sub;
    return oidc.fetchUserInfo(config, tokens.access_token, subject ?? oidc.skipSubjectCheck);
  }

  private async viaEndpoints(callback: CodeCallback): Promise<Claims> {
    const accessToken = await this.oauth2.exchangeCode({
      tokenUrl: this.options.get('oidc.token_endpoint'),
      clientId: this.options.get('oidc.client_id'),
      clientSecret: this.options.get('oidc.client_secret'),
      code: callback.code,
      redirectUri: callback.redirectUri,
      style: 'form-body',
      codeVerifier: callback.pkceVerifier,
    });
    return this.oauth2.fetchProfile(this.options.get('oidc.user_info_endpoint'), accessToken);
  }

  /** The discovered provider, cached until the well-known address or client credentials change. */
  private configuration(): Promise<oidc.Configuration | null> {
    const wellKnown = this.options.get('oidc.well_known').trim();
    if (!wellKnown) return Promise.resolve(null);
    const clientId = this.options.get('oidc.client_id');
    const secret = this.options.get('oidc.client_secret');
    const key = [wellKnown, clientId, secret].join('\n');
    if (this.discovered?.key !== key) {
      const url = new URL(wellKnown);
      const config = oidc.discovery(url, clientId, secret, undefined, {
        timeout: TIMEOUT_SECONDS,
        execute: [
          (discovered) => {
            discovered.timeout = TIMEOUT_SECONDS; // token and user-info calls too, not only discovery
          },
          // The option accepts http:// (spec §5) for providers on a private network.
          ...(url.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
        ],
      });
      this.discovered = { key, config };
      // A failed discovery is retried on the next sign-in rather than remembered.
      void config.catch(() => {
        if (this.discovered?.config === config) this.discovered = null;
      });
    }
    return this.discovered.config;
  }
}
