import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface IdentityProvider {
  issuer: string;
  /** The discovery document (for the oidc.* options). */
  metadata(): Promise<Record<string, string>>;
  /** Who the next browser visit signs in as (the login page is skipped, consent implied). */
  signInAs(sub: string): Promise<void>;
  close(): Promise<void>;
}

type Accounts = Record<string, { preferred_username: string; name?: string; email?: string }>;

/**
 * A real OpenID Provider with one confidential client, in a child process (identity-provider-process.mjs),
 * for driving the console's OIDC sign-in and bind in the browser end to end.
 */
export async function startIdentityProvider(
  client: { id: string; secret: string; redirectUri: string },
  accounts: Accounts,
): Promise<IdentityProvider> {
  const child = spawn(
    'node',
    [path.join(__dirname, 'identity-provider-process.mjs'), JSON.stringify({ client, accounts })],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const issuer = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the identity provider exited with code ${code}`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });

  return {
    issuer,
    metadata: async () =>
      (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>,
    signInAs: async (sub) => {
      await fetch(`${issuer}/journey/sign-in-as?sub=${encodeURIComponent(sub)}`, { method: 'POST' });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
