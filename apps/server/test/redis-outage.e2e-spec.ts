import Anthropic from '@anthropic-ai/sdk';
import { LogType } from '@tollgate/contracts';
import { APIError, AuthenticationError, InternalServerError } from 'openai';
import { CacheStore } from '../src/infra/redis/redis.ports';
import { waitFor } from '../src/infra/redis/redis-testing';
import { LogEntity } from '../src/modules/logs/log.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { startPrivateRedis, type PrivateRedis } from './support/private-redis';
import { type RelayFixture, rejectionOf, startRelayFixture } from './support/relay-fixtures';
import { type SignedIn } from './support/test-app';

const MODEL = 'gpt-4o-mini';
// Under 10 × QuotaPerUnit: each of bob's calls reserves in Redis (a trusted payer's may skip it, see TrustGate).
const QUOTA = 4_000_000;
// "Within about a second" of asking, with room for a slow shared host.
const FAST_MS = 1500;
// A frozen Redis keeps its connections open: each command is given up after a second (ioredis commandTimeout).
const FROZEN_MS = 2000;
const RECOVERY_MS = 5000;
const UNAVAILABLE = {
  en: 'Service temporarily unavailable, please try again shortly',
  zh: '服务暂时不可用，请稍后再试',
};
const EN = { 'Accept-Language': 'en' };

async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const value = await call();
  return [value, Date.now() - started];
}

// Redis holds balances, rate limits and change notices: while it is unreachable every caller gets a prompt 503
// in its own protocol (never a hang, never a 500), and the gateway comes back by itself when Redis does.
describe('Redis outage: prompt 503s in the caller’s shape, recovery on its own', () => {
  let redis: PrivateRedis;
  let f: RelayFixture;
  let bob: SignedIn;
  let key: string;
  let tokenId: number;
  let successes = 0;

  const chat = (headers: Record<string, string> = {}) =>
    f.openai(key, headers).chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'hello' }],
    });
  const message = () =>
    f.anthropic(key).messages.create({
      model: MODEL,
      max_tokens: 50,
      messages: [{ role: 'user', content: 'hello' }],
    });
  const succeed = async <T>(call: Promise<T>): Promise<T> => {
    const answer = await call;
    successes += 1;
    return answer;
  };

  // The calls under test must reserve: the hold bob's last call kept (KeptHolds) is given back first, which
  // also flushes earlier charges to the database. (A call that takes one goes through a freeze:
  // test/relay-reserve-alongside.e2e-spec.ts.)
  const keptHoldGivenBack = () =>
    waitFor('the kept hold given back', async () => {
      await f.flush();
      const { quota } = await f.data.getRepository(UserEntity).findOneByOrFail({ id: bob.id });
      return (await f.t.app.get(CacheStore).get(`quota:user:${bob.id}`)) === String(quota);
    });

  beforeAll(async () => {
    redis = await startPrivateRedis();
    f = await startRelayFixture('full', {}, { redisUrl: redis.url });
    await f.setOption('ModelRatio', JSON.stringify({ [MODEL]: 1 }));
    await f.addChannel({ models: MODEL });
    bob = await f.newUser('bob', { quota: QUOTA });
    ({ id: tokenId, key } = await f.createToken(bob));
  });
  afterAll(async () => {
    try {
      // Redis back first, so the gateway stops as it normally does.
      redis.resume();
      await redis.start();
      await f.close();
    } finally {
      await redis.kill();
    }
  });

  it('relays while Redis is up', async () => {
    expect((await succeed(chat())).choices[0].message.content).toBe('echo: hello');
    expect((await succeed(message())).content[0]).toMatchObject({ type: 'text', text: 'echo: hello' });
  });

  describe('while Redis is down', () => {
    beforeAll(async () => {
      // Earlier charges are written to the database first: this file tests the outage, not what the ledger
      // may lose with a Redis that restarts empty.
      await keptHoldGivenBack();
      await redis.kill();
    });

    it('answers an OpenAI SDK call 503 at once, in OpenAI’s shape and the caller’s language', async () => {
      const [error, ms] = await timed(() => rejectionOf(chat(EN), InternalServerError));
      expect(ms).toBeLessThan(FAST_MS);
      expect(error.status).toBe(503);
      expect(error.headers.get('retry-after')).toBe('1');
      expect(error.error).toMatchObject({
        type: 'gateway_error',
        code: 'service_unavailable',
        message: expect.stringContaining(UNAVAILABLE.en) as string,
      });

      const [zh, zhMs] = await timed(() =>
        f.t
          .http()
          .post('/v1/chat/completions')
          .set('Authorization', `Bearer ${key}`)
          .send({ model: MODEL, messages: [{ role: 'user', content: 'hello' }] }),
      );
      expect(zhMs).toBeLessThan(FAST_MS);
      expect(zh.status).toBe(503);
      expect(zh.body).toEqual({
        error: {
          message: expect.stringMatching(new RegExp(`^${UNAVAILABLE.zh} \\(request id: \\w+\\)$`)) as string,
          type: 'gateway_error',
          param: null,
          code: 'service_unavailable',
        },
      });
    });

    it('answers Anthropic’s /v1/messages and Gemini’s generateContent 503 in their own shapes', async () => {
      const [error, ms] = await timed(() => rejectionOf(message(), Anthropic.APIError));
      expect(ms).toBeLessThan(FAST_MS);
      expect(error.status).toBe(503);
      expect(error.error).toEqual({
        type: 'error',
        error: { type: 'api_error', message: expect.stringContaining(UNAVAILABLE.zh) as string },
      });

      const [gemini, geminiMs] = await timed(() =>
        f.t
          .http()
          .post(`/v1beta/models/${MODEL}:generateContent`)
          .set('x-goog-api-key', key)
          .set(EN)
          .send({ contents: [{ role: 'user', parts: [{ text: 'hello' }] }] }),
      );
      expect(geminiMs).toBeLessThan(FAST_MS);
      expect(gemini.status).toBe(503);
      expect(gemini.body).toEqual({
        error: {
          code: 503,
          status: 'UNAVAILABLE',
          message: expect.stringContaining(UNAVAILABLE.en) as string,
        },
      });
    });

    it('answers a console call that needs Redis 503 in the envelope', async () => {
      const [login, ms] = await timed(() =>
        f.t.http().post('/api/user/login').set(EN).send({ username: 'bob', password: 'bob-pass-1' }),
      );
      expect(ms).toBeLessThan(FAST_MS);
      expect(login.status).toBe(503);
      expect(login.headers['retry-after']).toBe('1');
      expect(login.body).toEqual({ success: false, message: UNAVAILABLE.en });
    });

    it('says so on /readyz at once', async () => {
      const [ready, ms] = await timed(() => f.t.http().get('/readyz'));
      expect(ms).toBeLessThan(FAST_MS);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', database: 'ok', redis: 'down' });
    });
  });

  describe('once Redis is back', () => {
    beforeAll(() => redis.start());

    it('relays again by itself within a few seconds', async () => {
      const deadline = Date.now() + RECOVERY_MS;
      for (;;) {
        try {
          await succeed(chat());
          break;
        } catch (error) {
          if (!(error instanceof APIError) || error.status !== 503 || Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await succeed(message());
      await succeed(chat());
      expect((await f.t.http().get('/readyz')).status).toBe(200);
    });

    it('has billed exactly the calls that succeeded', async () => {
      const logs = async () => {
        await f.flush();
        return f.data.getRepository(LogEntity).findBy({ userId: bob.id, type: LogType.Consume });
      };
      // A call is settled just after its answer: wait for the last one's log.
      const deadline = Date.now() + 3000;
      let rows = await logs();
      while (rows.length < successes && Date.now() < deadline) rows = await logs();
      expect(rows).toHaveLength(successes);
      const charged = rows.reduce((sum, row) => sum + row.quota, 0);
      expect(charged).toBeGreaterThan(0);
      const user = await f.data.getRepository(UserEntity).findOneByOrFail({ id: bob.id });
      expect(user).toMatchObject({ usedQuota: charged, quota: QUOTA - charged, requestCount: successes });
    });
  });

  describe('while Redis is frozen (connected, but nothing answers)', () => {
    beforeAll(async () => {
      await keptHoldGivenBack();
      redis.pause();
    });
    afterAll(() => redis.resume());

    it('gives up on its reply after a second and answers 503', async () => {
      const [error, ms] = await timed(() => rejectionOf(chat(EN), InternalServerError));
      expect(ms).toBeLessThan(FROZEN_MS);
      expect(error.status).toBe(503);
      expect(error.error).toMatchObject({ code: 'service_unavailable' });
    });

    it('calls the provider for none of the payer’s later calls while its reservations fail', async () => {
      // The call above went upstream alongside its reservation, its balance known to cover it; once that
      // reservation failed, the payer's calls wait for theirs.
      const before = f.mock.requests().length;
      expect((await rejectionOf(chat(EN), InternalServerError)).status).toBe(503);
      expect(f.mock.requests().length).toBe(before);
    });
  });

  describe('after the outages', () => {
    it('hears change notices again: a token disabled now is refused within a second', async () => {
      const disabled = await f.t
        .http()
        .put('/api/token/?status_only=true')
        .set(bob.headers)
        .send({ id: tokenId, status: 2 });
      expect(disabled.body).toMatchObject({ success: true });
      const deadline = Date.now() + 1000;
      for (;;) {
        try {
          await chat();
        } catch (error) {
          if (error instanceof AuthenticationError) break;
          throw error;
        }
        if (Date.now() > deadline) throw new Error('the disabled token is still served from the cache');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
  });
});
