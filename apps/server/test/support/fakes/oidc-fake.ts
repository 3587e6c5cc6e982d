import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

export interface OidcAccount {
  preferred_username?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

export interface OidcFake {
  issuer: string;
  wellKnown: string;
  /** The provider's discovery document (to fill the endpoint options by hand). */
  metadata(): Promise<Record<string, string>>;
  /** Plays `sub` signing in and consenting at the provider; returns the redirect back to us (code, state, iss). */
  signIn(authorizeUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (the oidc-provider package) on a local port, with one confidential client.
 * The login page is replaced by "sign in as the account the test names"; consent is implied.
 */
export async function startOidcFake(
  client: { id: string; secret: string; redirectUri: string },
  accounts: Record<string, OidcAccount>,
): Promise<OidcFake> {
  let signingInAs = '';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    // Explicit store and lifetimes: the provider's defaults work but print notices on every run.
    adapter: createMemoryAdapter(0),
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [client.redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...key, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['oidc-fake-cookie-key'] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) =>
      Promise.resolve(
        accounts[sub] ? { accountId: sub, claims: () => ({ sub, ...accounts[sub] }) } : undefined,
      ),
    // First-party client: consent is implied, so the only interaction is the login.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      void provider.interactionFinished(
        request,
        response,
        { login: { accountId: signingInAs } },
        {
          mergeWithLastSubmission: false,
        },
      );
      return;
    }
    void handle(request, response);
  });

  return {
    issuer,
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    async metadata() {
      return (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
        string,
        string
      >;
    },
    async signIn(authorizeUrl, sub) {
      signingInAs = sub;
      const cookies = new Map<string, string>();
      let url = authorizeUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
        const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        for (const set of response.headers.getSetCookie()) {
          const [pair] = set.split(';');
          const eq = pair.indexOf('=');
          cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`OIDC provider stopped at ${url}: HTTP ${response.status}`);
        const next = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next.toString();
      }
      throw new Error('too many redirects at the OIDC provider');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
