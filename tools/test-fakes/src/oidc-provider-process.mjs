// A real OpenID Provider (the oidc-provider package) with one confidential client, run as its own process by
// oidc-fake.ts. Its own process because the package ships ES modules only, which jest's module runtime cannot
// load (the HTTP tests could compile it; the journeys' config does not), and because a provider that shares
// the test's process shares its fate: a teardown that never reached close() left its server holding jest open.
// Usage: node oidc-provider-process.mjs '{"client": {...}, "accounts": {...}}'; prints the issuer on the first
// stdout line. POST /fake/sign-in-as?sub=… picks who the next sign-in is (no login page, consent implied).
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
  // Explicit store and lifetimes: the provider's defaults work but print notices on every start.
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
  jwks: { keys: [{ ...key, kid: 'fake-key', use: 'sig', alg: 'RS256' }] },
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
  const url = new URL(request.url ?? '/', issuer);
  if (url.pathname === '/fake/sign-in-as' && request.method === 'POST') {
    signingInAs = url.searchParams.get('sub') ?? '';
    response.end('ok');
  } else if (url.pathname.startsWith('/interaction/')) {
    // The "login page": finished at once as the chosen account. A refusal is answered, never left hanging.
    provider
      .interactionFinished(
        request,
        response,
        { login: { accountId: signingInAs } },
        { mergeWithLastSubmission: false },
      )
      .catch((error) => response.writeHead(500).end(`interaction failed: ${error.message}`));
  } else {
    void handle(request, response);
  }
});

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
// The test process holds our stdin: when it ends, however it ends, so do we (no orphaned provider).
process.stdin.on('end', stop).resume();
process.stdout.write(`${issuer}\n`);
