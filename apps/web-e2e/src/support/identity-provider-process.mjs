// A real OpenID Provider (the oidc-provider package) for the identity journey, run as its own process:
// the package ships ES modules only, which jest's module runtime cannot load.
// Usage: node identity-provider-process.mjs '<{"client": {...}, "accounts": {...}}>'
// Prints the issuer on the first stdout line. POST /journey/sign-in-as?sub=… picks who the next browser
// visit signs in as (the login page is skipped, consent implied).
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

const { client, accounts } = JSON.parse(process.argv[2]);
let signingInAs = '';
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;
const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

const provider = new Provider(issuer, {
  adapter: createMemoryAdapter(0),
  ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  clients: [
    {
      client_id: client.id,
      client_secret: client.secret,
      redirect_uris: [client.redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  jwks: { keys: [{ ...key, kid: 'journey-key', use: 'sig', alg: 'RS256' }] },
  cookies: { keys: ['journey-cookie-key'] },
  claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
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
  const url = new URL(request.url ?? '/', issuer);
  if (url.pathname === '/journey/sign-in-as' && request.method === 'POST') {
    signingInAs = url.searchParams.get('sub') ?? '';
    response.end('ok');
    return;
  }
  if (url.pathname.startsWith('/interaction/')) {
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

process.stdout.write(`${issuer}\n`);
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
