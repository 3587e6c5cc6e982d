// Google's service-account flow: a JWT signed with the account's private key is exchanged at the token
// endpoint for a short-lived access token, which Vertex then accepts as a Bearer credential.
import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { decodeJwt, verifyRs256 } from './jwt';

export interface VertexServiceAccount {
  clientEmail: string;
  publicKeyPem: string;
  projectId?: string; // when set, its tokens are refused (403) for other projects
}

export interface IssuedToken {
  clientEmail: string;
  projectId: string | undefined;
  expiresAt: number; // epoch ms
}

export type Exchange =
  { ok: true; accessToken: string; expiresIn: number } | { ok: false; error: string; description: string };

export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const MAX_LIFETIME_S = 3600;
const CLOCK_SKEW_S = 300;
const BAD_TIMES =
  'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';

function refuse(error: string, description: string): Exchange {
  return { ok: false, error, description };
}

export class VertexAuthority {
  private readonly accounts = new Map<string, { key: KeyObject; projectId: string | undefined }>();
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(
    accounts: readonly VertexServiceAccount[],
    private readonly ttlSeconds: number,
  ) {
    for (const a of accounts)
      this.accounts.set(a.clientEmail, { key: createPublicKey(a.publicKeyPem), projectId: a.projectId });
  }

  // `audience` is this endpoint's own URL, which the JWT's aud must name (the key file's token_uri).
  exchange(assertion: string, audience: string, now = Date.now()): Exchange {
    const jwt = decodeJwt(assertion);
    if (jwt === null) return refuse('invalid_grant', 'Invalid JWT: the assertion is not a well-formed JWT.');
    const iss = jwt.claims.iss;
    const account = typeof iss === 'string' ? this.accounts.get(iss) : undefined;
    if (account === undefined) return refuse('invalid_grant', 'Invalid grant: account not found');
    if (!verifyRs256(jwt, account.key)) return refuse('invalid_grant', 'Invalid JWT Signature.');
    if (jwt.claims.aud !== audience)
      return refuse('invalid_grant', `Invalid JWT: Failed audience check. The right audience is ${audience}`);
    const { iat, exp } = jwt.claims;
    const nowS = now / 1000;
    if (
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      iat > nowS + CLOCK_SKEW_S ||
      exp <= nowS ||
      exp - iat > MAX_LIFETIME_S
    )
      return refuse('invalid_grant', BAD_TIMES);
    const scope = typeof jwt.claims.scope === 'string' ? jwt.claims.scope.split(' ') : [];
    if (!scope.includes(CLOUD_PLATFORM_SCOPE))
      return refuse('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    const accessToken = `ya29.mock-${randomBytes(12).toString('hex')}`;
    this.tokens.set(accessToken, {
      clientEmail: iss as string,
      projectId: account.projectId,
      expiresAt: now + this.ttlSeconds * 1000,
    });
    return { ok: true, accessToken, expiresIn: this.ttlSeconds };
  }

  // An issued token that has not expired, or null.
  lookup(accessToken: string, now = Date.now()): IssuedToken | null {
    const issued = this.tokens.get(accessToken);
    if (issued === undefined) return null;
    if (issued.expiresAt > now) return issued;
    this.tokens.delete(accessToken);
    return null;
  }
}

export interface ServiceAccountKey {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  token_uri: string;
}

export interface MockServiceAccount {
  account: VertexServiceAccount; // for startMockUpstream({ vertexServiceAccounts: [account] })
  keyFile(tokenUri: string): ServiceAccountKey; // what a Vertex channel stores as its key
}

// A fresh RSA key pair and the key file Google would hand out, its token_uri pointed wherever the test says.
export function createServiceAccount(
  clientEmail = 'mock-sa@mock-project.iam.gserviceaccount.com',
  projectId = 'mock-project',
): MockServiceAccount {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    account: { clientEmail, publicKeyPem, projectId },
    keyFile: (tokenUri) => ({
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKeyPem,
      client_email: clientEmail,
      client_id: '100000000000000000001',
      token_uri: tokenUri,
    }),
  };
}
