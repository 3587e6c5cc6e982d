import { createPrivateKey, sign } from 'node:crypto';

/** The parts of a Google service-account key file that authentication needs. */
export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  projectId: string;
  tokenUri: string;
}

export const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const TOKEN_LIFETIME_SECONDS = 3600;

/** A key that is not a usable service account; its message never quotes the key. */
export class InvalidServiceAccountError extends Error {}

const field = (json: Record<string, unknown>, name: string): string =>
  typeof json[name] === 'string' ? json[name] : '';

/** The channel key (the service-account JSON text) → its fields; throws when one is missing or unusable. */
export function parseServiceAccount(key: string): ServiceAccount {
  let json: unknown;
  try {
    json = JSON.parse(key);
  } catch {
    // JSON.parse quotes the text it failed on, which here is the private key: say nothing of it.
    throw new InvalidServiceAccountError('the key is not service-account JSON');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new InvalidServiceAccountError('the key is not service-account JSON');
  }
  const record = json as Record<string, unknown>;
  const account: ServiceAccount = {
    clientEmail: field(record, 'client_email'),
    privateKey: field(record, 'private_key'),
    projectId: field(record, 'project_id'),
    tokenUri: field(record, 'token_uri') || DEFAULT_TOKEN_URI,
  };
  const missing = (['client_email', 'private_key', 'project_id'] as const).filter(
    (name) => field(record, name) === '',
  );
  if (missing.length > 0) throw new InvalidServiceAccountError(`the key has no ${missing.join(', ')}`);
  return account;
}

const base64Url = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

/** The RS256-signed JWT a service account exchanges for an access token (Google's OAuth 2.0 JWT bearer flow). */
export function signAssertion(account: ServiceAccount, nowSeconds: number): string {
  const header = base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64Url(
    JSON.stringify({
      iss: account.clientEmail,
      scope: CLOUD_PLATFORM_SCOPE,
      aud: account.tokenUri,
      iat: nowSeconds,
      exp: nowSeconds + TOKEN_LIFETIME_SECONDS,
    }),
  );
  let key;
  try {
    key = createPrivateKey(account.privateKey);
  } catch {
    throw new InvalidServiceAccountError('the private_key is not a PEM private key');
  }
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), key);
  return `${header}.${claims}.${base64Url(signature)}`;
}
