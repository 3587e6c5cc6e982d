import { type AccessToken, AccessTokenCache, AccessTokenError } from './access-tokens';
import { type ServiceAccount } from './service-account';

const account = (clientEmail: string): ServiceAccount => ({
  clientEmail,
  privateKey: '',
  projectId: 'p',
  tokenUri: 'https://oauth2.example.test/token',
});

const HOUR = 3_600_000;

/** The cache's own logic (sharing, expiry); the real token exchange is tested over HTTP in test/. */
function counted(results: Array<(email: string) => AccessToken | Error>) {
  const calls: Array<{ email: string; at: number }> = [];
  const fetcher = async (target: ServiceAccount, nowMs: number): Promise<AccessToken> => {
    calls.push({ email: target.clientEmail, at: nowMs });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const result = results[Math.min(calls.length - 1, results.length - 1)](target.clientEmail);
    if (result instanceof Error) throw result;
    return result;
  };
  return { calls, fetcher };
}

describe('AccessTokenCache', () => {
  it('fetches once for concurrent callers and reuses the token until five minutes before it expires', async () => {
    let now = 0;
    const { calls, fetcher } = counted([
      () => ({ accessToken: 'ya29.first', expiresAt: now + HOUR }),
      () => ({ accessToken: 'ya29.second', expiresAt: now + HOUR }),
    ]);
    const cache = new AccessTokenCache(fetcher, () => now);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => cache.tokenFor(account('a@x'))));
    expect(new Set(tokens)).toEqual(new Set(['ya29.first']));
    expect(calls).toHaveLength(1);
    now = HOUR - 5 * 60_000 - 1;
    expect(await cache.tokenFor(account('a@x'))).toBe('ya29.first');
    now = HOUR - 5 * 60_000;
    expect(await cache.tokenFor(account('a@x'))).toBe('ya29.second');
    expect(calls.map((call) => call.at)).toEqual([0, HOUR - 5 * 60_000]);
  });

  it('keeps one token per service account', async () => {
    const { calls, fetcher } = counted([(email) => ({ accessToken: `token-of-${email}`, expiresAt: HOUR })]);
    const cache = new AccessTokenCache(fetcher, () => 0);
    const [a, b] = await Promise.all([cache.tokenFor(account('a@x')), cache.tokenFor(account('b@x'))]);
    expect([a, b]).toEqual(['token-of-a@x', 'token-of-b@x']);
    expect(await cache.tokenFor(account('b@x'))).toBe('token-of-b@x');
    expect(calls).toHaveLength(2);
  });

  it('fetches anew for another key or token endpoint of the same account', async () => {
    const { calls, fetcher } = counted([(email) => ({ accessToken: `token-${email}`, expiresAt: HOUR })]);
    const cache = new AccessTokenCache(fetcher, () => 0);
    await cache.tokenFor(account('a@x'));
    await cache.tokenFor({ ...account('a@x'), privateKey: 'another key' });
    await cache.tokenFor({ ...account('a@x'), tokenUri: 'http://127.0.0.1:9/token' });
    await cache.tokenFor(account('a@x'));
    expect(calls).toHaveLength(3);
  });

  it('does not keep a failure: every waiting caller sees it, the next call fetches again', async () => {
    const { calls, fetcher } = counted([
      () => new AccessTokenError(400, 'token endpoint answered 400: invalid_grant'),
      () => ({ accessToken: 'ok', expiresAt: HOUR }),
    ]);
    const cache = new AccessTokenCache(fetcher, () => 0);
    const failed = await Promise.allSettled([cache.tokenFor(account('a@x')), cache.tokenFor(account('a@x'))]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await cache.tokenFor(account('a@x'))).toBe('ok');
    expect(calls).toHaveLength(2);
  });
});
