import { createHash } from 'node:crypto';
import { request } from 'undici';
import { type ServiceAccount, signAssertion } from './service-account';

export interface AccessToken {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export type TokenFetcher = (account: ServiceAccount, nowMs: number) => Promise<AccessToken>;

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_TIMEOUT_MS = 30_000;
// Google's tokens live an hour; a token is renewed this long before it runs out, so no call carries a stale one.
const RENEW_BEFORE_MS = 5 * 60_000;
const MAX_REASON_LENGTH = 200;

/** The token endpoint refused or could not be reached; the message holds only Google's error code and text. */
export class AccessTokenError extends Error {
  constructor(
    /** The token endpoint's HTTP status; 0 when it could not be reached. */
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

function reasonOf(status: number, text: string, secrets: readonly string[]): string {
  let reason = `token endpoint answered ${status}`;
  try {
    const json = JSON.parse(text) as { error?: unknown; error_description?: unknown };
    const parts = [json.error, json.error_description].filter((part) => typeof part === 'string');
    if (parts.length > 0) reason = `${reason}: ${parts.join(' ')}`;
  } catch {
    // Not JSON (an HTML error page): the status says enough.
  }
  const redacted = secrets.reduce((out, secret) => out.replaceAll(secret, '***'), reason);
  return redacted.slice(0, MAX_REASON_LENGTH);
}

/** Exchanges a signed assertion for an access token at the account's token_uri. */
export async function fetchAccessToken(account: ServiceAccount, nowMs: number): Promise<AccessToken> {
  const assertion = signAssertion(account, Math.floor(nowMs / 1000));
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(account.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
      headersTimeout: TOKEN_TIMEOUT_MS,
      bodyTimeout: TOKEN_TIMEOUT_MS,
    });
  } catch {
    throw new AccessTokenError(0, 'token endpoint unreachable');
  }
  const text = await response.body.text();
  if (response.statusCode !== 200) {
    throw new AccessTokenError(response.statusCode, reasonOf(response.statusCode, text, [assertion]));
  }
  let json: { access_token?: unknown; expires_in?: unknown };
  try {
    json = (JSON.parse(text) ?? {}) as typeof json;
  } catch {
    throw new AccessTokenError(502, 'token endpoint answered without JSON');
  }
  if (typeof json.access_token !== 'string' || json.access_token === '') {
    throw new AccessTokenError(502, 'token endpoint answered without an access_token');
  }
  const lifetimeSeconds = typeof json.expires_in === 'number' ? json.expires_in : 3600;
  return { accessToken: json.access_token, expiresAt: nowMs + lifetimeSeconds * 1000 };
}

// A token belongs to the credentials that obtained it at that endpoint: a replaced or revoked private key,
// or another token_uri, fetches its own instead of riding on a token the channel's key could not get.
const cacheKeyOf = (account: ServiceAccount): string =>
  [account.tokenUri, account.clientEmail, createHash('sha256').update(account.privateKey).digest('hex')].join(
    ' ',
  );

/**
 * Access tokens per service-account key, kept until shortly before they expire. Callers that need one at
 * the same time share a single fetch; a failed fetch is not kept, so the next call retries.
 */
export class AccessTokenCache {
  private readonly tokens = new Map<string, AccessToken>();
  private readonly inFlight = new Map<string, Promise<AccessToken>>();

  constructor(
    private readonly fetchToken: TokenFetcher = fetchAccessToken,
    private readonly now: () => number = Date.now,
  ) {}

  async tokenFor(account: ServiceAccount): Promise<string> {
    const key = cacheKeyOf(account);
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > this.now()) return cached.accessToken;
    let flight = this.inFlight.get(key);
    if (!flight) {
      flight = this.fetchToken(account, this.now())
        .then((token) => {
          this.tokens.set(key, token);
          return token;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, flight);
    }
    return (await flight).accessToken;
  }
}
