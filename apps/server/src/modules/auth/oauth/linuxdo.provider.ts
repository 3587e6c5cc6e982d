import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../infra/config/app-config';
import { OptionsService } from '../../options/options.service';
import {
  type AuthorizationRequest,
  type CodeCallback,
  type CodeProvider,
  profileText,
  withQuery,
} from './code-provider';
import { type ExternalIdentity } from './external-identity';
import { oauthError } from './oauth.errors';
import { OAuth2Client, OAuth2Error } from './oauth2-client';

/** Linux DO Connect (reference §8.4): HTTP Basic token request, then GET /api/user. */
@Injectable()
export class LinuxDoProvider implements CodeProvider {
  readonly name = 'linuxdo';
  readonly pkce = false;

  constructor(
    private readonly options: OptionsService,
    private readonly config: AppConfig,
    private readonly oauth2: OAuth2Client,
  ) {}

  enabled(): boolean {
    return this.options.getBoolean('LinuxDOOAuthEnabled');
  }

  authorizationUrl(request: AuthorizationRequest): Promise<string> {
    return Promise.resolve(
      withQuery(this.config.identity.endpoints.linuxDoAuthorizeUrl, {
        response_type: 'code',
        client_id: this.options.get('LinuxDOClientId'),
        redirect_uri: request.redirectUri,
        state: request.state,
      }),
    );
  }

  async identify(callback: CodeCallback): Promise<ExternalIdentity> {
    const endpoints = this.config.identity.endpoints;
    const accessToken = await this.oauth2.exchangeCode({
      tokenUrl: endpoints.linuxDoTokenUrl,
      clientId: this.options.get('LinuxDOClientId'),
      clientSecret: this.options.get('LinuxDOClientSecret'),
      code: callback.code,
      redirectUri: callback.redirectUri,
      style: 'basic',
    });
    const profile = await this.oauth2.fetchProfile(endpoints.linuxDoUserUrl, accessToken);
    const id = profileText(profile.id);
    const username = profileText(profile.username);
    if (!id || !username) throw new OAuth2Error('Linux DO user has no id or username');
    if (profile.active === false || profile.silenced === true)
      throw oauthError('account_inactive', { provider: 'Linux DO' });
    return { provider: 'linuxdo', id, handle: username, displayName: profileText(profile.name) || username };
  }
}
