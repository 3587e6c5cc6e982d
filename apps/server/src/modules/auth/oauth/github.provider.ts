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
import { OAuth2Client, OAuth2Error } from './oauth2-client';

/** GitHub OAuth app (reference §8.4): JSON token request, then GET /user with the token. */
@Injectable()
export class GitHubProvider implements CodeProvider {
  readonly name = 'github';
  readonly pkce = false;

  constructor(
    private readonly options: OptionsService,
    private readonly config: AppConfig,
    private readonly oauth2: OAuth2Client,
  ) {}

  enabled(): boolean {
    return this.options.getBoolean('GitHubOAuthEnabled');
  }

  authorizationUrl(request: AuthorizationRequest): Promise<string> {
    return Promise.resolve(
      withQuery(this.config.identity.endpoints.githubAuthorizeUrl, {
        client_id: this.options.get('GitHubClientId'),
        redirect_uri: request.redirectUri,
        state: request.state,
        scope: 'user:email',
      }),
    );
  }

  async identify(callback: CodeCallback): Promise<ExternalIdentity> {
    const endpoints = this.config.identity.endpoints;
    const accessToken = await this.oauth2.exchangeCode({
      tokenUrl: endpoints.githubTokenUrl,
      clientId: this.options.get('GitHubClientId'),
      clientSecret: this.options.get('GitHubClientSecret'),
      code: callback.code,
      redirectUri: callback.redirectUri,
      style: 'json-body',
    });
    const profile = await this.oauth2.fetchProfile(endpoints.githubUserUrl, accessToken);
    // The numeric id, not the login: logins can be renamed and then claimed by someone else.
    const id = profileText(profile.id);
    const login = profileText(profile.login);
    if (!id || !login) throw new OAuth2Error('GitHub user has no id or login');
    return {
      provider: 'github',
      id,
      handle: login,
      displayName: profileText(profile.name) || login,
      email: profileText(profile.email) || undefined,
    };
  }
}
