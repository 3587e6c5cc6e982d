import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type ProviderEndpoints } from '../../../src/infra/config/identity-config';
import { listenLocally, readBody, sendJson } from './local-server';

export type OAuth2Style = 'github' | 'linuxdo';

/** How the token request authenticated, as recorded by the fake. */
export interface TokenRequest {
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
}

export interface OAuth2Fake {
  endpoints: Partial<ProviderEndpoints>;
  tokenRequests: TokenRequest[];
  /** Plays the user approving on the provider's page: follows the authorize address to the redirect. */
  approve(authorizeUrl: string, profile: Record<string, unknown>): Promise<URL>;
  /** A code for `profile` without going through the authorize page (for crafted callbacks). */
  issueCode(profile: Record<string, unknown>, redirectUri: string): string;
  close(): Promise<void>;
}

const PATHS = {
  github: { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token', user: '/user' },
  linuxdo: { authorize: '/oauth2/authorize', token: '/oauth2/token', user: '/api/user' },
};

interface Grant {
  profile: Record<string, unknown>;
  redirectUri: string;
}

/**
 * A provider with GitHub's or Linux DO's OAuth2 dialect: GitHub takes the client secret in a JSON body and
 * answers errors with HTTP 200; Linux DO takes HTTP Basic and a form, and answers errors with 4xx.
 */
export async function startOAuth2Fake(
  style: OAuth2Style,
  client: { id: string; secret: string },
): Promise<OAuth2Fake> {
  const paths = PATHS[style];
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Record<string, unknown>>();
  const tokenRequests: TokenRequest[] = [];
  let approving: Record<string, unknown> | null = null;

  const issueCode = (profile: Record<string, unknown>, redirectUri: string): string => {
    const code = randomBytes(10).toString('hex');
    codes.set(code, { profile, redirectUri });
    return code;
  };

  const authorize = (url: URL, response: ServerResponse) => {
    const redirect = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== client.id || !approving || !redirect)
      return sendJson(response, 400, { error: 'invalid_request' });
    const target = new URL(redirect);
    target.searchParams.set('code', issueCode(approving, redirect));
    target.searchParams.set('state', url.searchParams.get('state') ?? '');
    response.writeHead(302, { Location: target.toString() });
    response.end();
  };

  const readTokenRequest = async (request: IncomingMessage): Promise<TokenRequest> => {
    const body = await readBody(request);
    if (style === 'github') {
      const json = JSON.parse(body) as Record<string, string>;
      return {
        clientId: json.client_id,
        clientSecret: json.client_secret,
        code: json.code,
        redirectUri: json.redirect_uri,
      };
    }
    const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':')
      .map(decodeURIComponent);
    const form = new URLSearchParams(body);
    return {
      clientId: basic[0] ?? '',
      clientSecret: basic[1] ?? '',
      code: form.get('code') ?? '',
      redirectUri: form.get('redirect_uri') ?? '',
    };
  };

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    const asked = await readTokenRequest(request);
    tokenRequests.push(asked);
    const refuse = (error: string, status: number) =>
      sendJson(response, style === 'github' ? 200 : status, { error });
    if (asked.clientId !== client.id || asked.clientSecret !== client.secret)
      return refuse('incorrect_client_credentials', 401);
    const grant = codes.get(asked.code);
    codes.delete(asked.code);
    if (!grant || grant.redirectUri !== asked.redirectUri) return refuse('bad_verification_code', 400);
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, grant.profile);
    sendJson(response, 200, { access_token: accessToken, token_type: 'bearer' });
  };

  const user = (request: IncomingMessage, response: ServerResponse) => {
    const profile = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!profile) return sendJson(response, 401, { message: 'Bad credentials' });
    sendJson(response, 200, profile);
  };

  const server = await listenLocally((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'GET' && url.pathname === paths.authorize) return authorize(url, response);
    if (request.method === 'POST' && url.pathname === paths.token) return void token(request, response);
    if (request.method === 'GET' && url.pathname === paths.user) return user(request, response);
    sendJson(response, 404, { error: 'not_found' });
  });

  const endpoints: Partial<ProviderEndpoints> =
    style === 'github'
      ? {
          githubAuthorizeUrl: server.url + paths.authorize,
          githubTokenUrl: server.url + paths.token,
          githubUserUrl: server.url + paths.user,
        }
      : {
          linuxDoAuthorizeUrl: server.url + paths.authorize,
          linuxDoTokenUrl: server.url + paths.token,
          linuxDoUserUrl: server.url + paths.user,
        };

  return {
    endpoints,
    tokenRequests,
    issueCode,
    async approve(authorizeUrl, profile) {
      approving = profile;
      const response = await fetch(authorizeUrl, { redirect: 'manual' });
      approving = null;
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) throw new Error(`authorize refused: ${response.status}`);
      return new URL(location);
    },
    close: server.close,
  };
}
