import { USER_ID_HEADER } from '@tollgate/contracts';
import { parseSse } from '@tollgate/mock-upstream';
import { type AccountTotals, balanceReader } from './support/balances';
import { type RelayFixture, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS, type SignedIn } from './support/test-app';

const REQUEST_ID = /^[0-9a-z]{17}$/;

interface Answer {
  status: number;
  requestId: string;
  contentType: string;
  text: string;
}

describe.each(BACKENDS)('playground: POST /pg/chat/completions (%s)', (backend) => {
  let f: RelayFixture;
  let alice: SignedIn;
  let aliceToken: number;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    alice = f.alice;
    await f.setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 1 }));
    await f.setOption('GroupRatio', JSON.stringify({ default: 1, vip: 2, svip: 3 }));
    await f.setOption('UserUsableGroups', JSON.stringify({ default: 'Default', vip: 'VIP' }));
    await f.addChannel({
      key: 'sk-upstream-secret',
      name: 'main',
      group: 'default,vip,svip',
      models: 'gpt-4o-mini',
    });
    const token = await f.createToken(alice, { name: 'own', remain_quota: 1_000, unlimited_quota: false });
    aliceToken = token.id;
  });
  afterAll(() => f.close());

  async function playground(headers: Record<string, string>, body: Record<string, unknown>): Promise<Answer> {
    const response = await fetch(`${f.origin}/pg/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      requestId: response.headers.get('x-request-id') ?? '',
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  }
  const chat = (content: string, fields: Record<string, unknown> = {}) => ({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content }],
    temperature: 0.5,
    max_tokens: 0,
    ...fields,
  });
  /** The user's balance as the admin API shows it, once the ledger has written what it holds. */
  const balanceOf = async (who: SignedIn): Promise<AccountTotals> => {
    await f.flush();
    return balanceReader(f.t, f.root).user(who.id);
  };
  function expectOpenAiError(answer: Answer, status: number, code: string, type: string): void {
    expect(answer.status).toBe(status);
    expect(answer.requestId).toMatch(REQUEST_ID);
    const body = JSON.parse(answer.text) as { error: { message: string; type: string; code: string } };
    expect(body.error).toMatchObject({ type, code });
    expect(body.error.message).toMatch(new RegExp(` \\(request id: ${answer.requestId}\\)$`));
  }

  it('answers a chat billed to the user alone and logs it as playground-default', async () => {
    const before = await balanceOf(alice);
    const answer = await playground(alice.headers, chat('hello playground'));
    expect(answer.status).toBe(200);
    expect(answer.requestId).toMatch(REQUEST_ID);
    const body = JSON.parse(answer.text) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0].message.content).toBe('echo: hello playground');

    const row = await f.logOf(answer.requestId);
    expect(row).toMatchObject({
      userId: alice.id,
      tokenId: 0,
      tokenName: 'playground-default',
      group: 'default',
    });
    expect(row.quota).toBeGreaterThan(0);
    expect(await balanceOf(alice)).toEqual({
      quota: before.quota - row.quota,
      used_quota: before.used_quota + row.quota,
      request_count: before.request_count + 1,
    });
    // Her own token is not what the playground bills.
    expect(await balanceReader(f.t, f.root).token(alice, aliceToken)).toEqual({
      remain_quota: 1_000,
      used_quota: 0,
    });
  });

  it('forwards the chat without the gateway fields and without a zero max_tokens', async () => {
    f.mock.reset();
    const answer = await playground(alice.headers, chat('what is sent', { group: 'default' }));
    expect(answer.status).toBe(200);
    const [sent] = f.mock.requests();
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.5 });
    expect(sent.body).not.toHaveProperty('group');
    expect(sent.body).not.toHaveProperty('max_tokens');
  });

  it('streams the chat as SSE and bills it the same way', async () => {
    const before = await balanceOf(alice);
    const answer = await playground(alice.headers, chat('stream please', { stream: true }));
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/event-stream/);
    const events = parseSse(answer.text).map((event) => event.data);
    expect(events.at(-1)).toBe('[DONE]');
    const text = events
      .slice(0, -1)
      .map((chunk) => (JSON.parse(chunk) as { choices: Array<{ delta?: { content?: string } }> }).choices[0])
      .map((choice) => choice?.delta?.content ?? '')
      .join('');
    expect(text).toBe('echo: stream please');

    const row = await f.logOf(answer.requestId);
    expect(row).toMatchObject({ tokenId: 0, tokenName: 'playground-default', isStream: true });
    expect((await balanceOf(alice)).quota).toBe(before.quota - row.quota);
  });

  it('routes and prices in a usable group the user picks', async () => {
    const before = await balanceOf(alice);
    const inDefault = await playground(alice.headers, chat('same words', { group: 'default' }));
    const inVip = await playground(alice.headers, chat('same words', { group: 'vip' }));
    expect([inDefault.status, inVip.status]).toEqual([200, 200]);
    const [base, row] = [await f.logOf(inDefault.requestId), await f.logOf(inVip.requestId)];
    expect(row).toMatchObject({ tokenName: 'playground-vip', group: 'vip' });
    expect(row.other).toMatchObject({ group_ratio: 2 });
    // The same call at VIP's group ratio 2 costs twice the default group's (ratio 1), and she pays it.
    expect(row.quota).toBe(2 * base.quota);
    expect((await balanceOf(alice)).quota).toBe(before.quota - base.quota - row.quota);
  });

  it('refuses a group the user may not use with 403 in OpenAI shape and bills nothing', async () => {
    const before = await balanceOf(alice);
    const answer = await playground(alice.headers, chat('in svip', { group: 'svip' }));
    expectOpenAiError(answer, 403, 'group_not_usable', 'gateway_error');
    expect(answer.text).toContain('Group svip is not available to you');
    expect(await balanceOf(alice)).toEqual(before);
  });

  it('refuses a user short of quota for the reservation, taking nothing', async () => {
    const bob = await f.newUser('bob', { quota: 100 });
    const answer = await playground(bob.headers, chat('too long', { max_tokens: 10_000 }));
    expectOpenAiError(answer, 403, 'insufficient_user_quota', 'gateway_error');
    expect(await balanceOf(bob)).toEqual({ quota: 100, used_quota: 0, request_count: 0 });
  });

  it('refuses a system access token with 400, and no session with 401', async () => {
    const accessToken = (await f.t.http().get('/api/user/token').set(alice.headers)).body.data as string;
    const withToken = await playground(
      { Authorization: accessToken, [USER_ID_HEADER]: String(alice.id) },
      chat('scripted'),
    );
    expectOpenAiError(withToken, 400, 'access_token_not_supported', 'invalid_request_error');
    expectOpenAiError(
      await playground({}, chat('anonymous')),
      401,
      'unauthenticated',
      'invalid_request_error',
    );
    const otherUser = { ...alice.headers, [USER_ID_HEADER]: String(f.root.id) };
    expectOpenAiError(
      await playground(otherUser, chat('mismatch')),
      401,
      'session_user_mismatch',
      'invalid_request_error',
    );
  });

  it('counts playground calls in the per-user model rate limit', async () => {
    const carol = await f.newUser('carol', { quota: 10_000_000 });
    await f.setOption('ModelRequestRateLimitCount', '2');
    await f.setOption('ModelRequestRateLimitEnabled', 'true');
    try {
      expect((await playground(carol.headers, chat('one'))).status).toBe(200);
      expect((await playground(carol.headers, chat('two'))).status).toBe(200);
      expectOpenAiError(
        await playground(carol.headers, chat('three')),
        429,
        'rate_limit_exceeded',
        'gateway_error',
      );
    } finally {
      await f.setOption('ModelRequestRateLimitEnabled', 'false');
    }
  });
});
