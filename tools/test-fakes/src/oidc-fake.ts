import { spawn } from 'node:child_process';
import { type Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface OidcAccount {
  preferred_username?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

export interface OidcClient {
  id: string;
  secret: string;
  redirectUri: string;
}

export interface OidcFake {
  issuer: string;
  wellKnown: string;
  /** The provider's discovery document (to fill the endpoint options by hand). */
  metadata(): Promise<Record<string, string>>;
  /** Who the next sign-in at the provider is, for a browser that goes there itself. */
  signInAs(sub: string): Promise<void>;
  /** Plays `sub`'s browser: signs in at the provider; returns the redirect back to us (code, state, iss). */
  signIn(authorizeUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

// A provider that stops answering fails the call that waits on it, well inside a test's timeout.
const CALL_TIMEOUT_MS = 10_000;
// oidc-provider 9 names Node 22 as its runtime and says so on every start; it runs on our Node 20.19 fine.
const RUNTIME_NOTICE = /oidc-provider WARNING: Unsupported runtime/;

/**
 * A real OpenID Provider (the oidc-provider package) with one confidential client, in a child process
 * (oidc-provider-process.mjs) for the HTTP tests and the browser journeys alike. The login page is replaced
 * by "sign in as the account the test names"; consent is implied. The child never keeps the test process
 * alive, and ends with it.
 */
export async function startOidcFake(
  client: OidcClient,
  accounts: Record<string, OidcAccount>,
): Promise<OidcFake> {
  const child = spawn(
    process.execPath,
    [path.join(__dirname, 'oidc-provider-process.mjs'), JSON.stringify({ client, accounts })],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (!RUNTIME_NOTICE.test(line)) process.stderr.write(`oidc fake: ${line}\n`);
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the OIDC fake exited with code ${code}`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  child.removeAllListeners('exit');
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as Socket).unref();
  const call = (url: string, init: RequestInit = {}) =>
    fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });

  const signInAs = async (sub: string) => {
    await (await call(`${issuer}/fake/sign-in-as?sub=${encodeURIComponent(sub)}`, { method: 'POST' })).text();
  };
  return {
    issuer,
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    metadata: async () =>
      (await (await call(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>,
    signInAs,
    async signIn(authorizeUrl, sub) {
      await signInAs(sub);
      return followToClient(call, issuer, authorizeUrl);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Follows the provider's redirects with its cookies, as a browser would, until one leaves the provider. */
async function followToClient(
  call: (url: string, init?: RequestInit) => Promise<Response>,
  issuer: string,
  authorizeUrl: string,
): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await call(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    // Read to the end: an unread body keeps its connection busy until garbage collection.
    const body = await response.text();
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the OIDC provider stopped at ${url}: HTTP ${response.status} ${body}`);
    const next = new URL(location, url);
    if (next.origin !== issuer) return next;
    url = next.toString();
  }
  throw new Error('too many redirects at the OIDC provider');
}
