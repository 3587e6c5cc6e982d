import { type AddressInfo } from 'node:net';
import { LogType, USER_ID_HEADER } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { UsageRecorder } from '../src/modules/billing/usage-recorder';
import { LogEntity } from '../src/modules/logs/log.entity';
import { TokenEntity } from '../src/modules/tokens/token.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { type MockUpstream, parseSse, startMockUpstream } from '@tollgate/mock-upstream';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const REQUEST_ID = /^[0-9a-z]{17}$/;

interface Answer {
  status: number;
  requestId: string;
  contentType: string;
  text: string;
}

describe.each(BACKENDS)('playground: POST /pg/chat/completions (%s)', (backend) => {
  let t: TestApp;
  let mock: MockUpstream;
  let data: DataSource;
  let origin: string;
  let root: SignedIn;
  let alice: SignedIn;
  let aliceToken: number;

  beforeAll(async () => {
    mock = await startMockUpstream();
    t = await startTestApp(backend);
    data = t.app.get(DataSource);
    root = await t.setupRoot();
    alice = await newUser('alice', 10_000_000);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    await setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 1 }));
    await setOption('GroupRatio', JSON.stringify({ default: 1, vip: 2, svip: 3 }));
    await setOption('UserUsableGroups', JSON.stringify({ default: 'Default', vip: 'VIP' }));
    const channel = await t.http().post('/api/channel/').set(root.headers).send({
      type: 1,
      key: 'sk-upstream-secret',
      base_url: mock.url,
      name: 'main',
      group: 'default,vip,svip',
      models: 'gpt-4o-mini',
    });
    expect(channel.body).toMatchObject({ success: true });
    const token = await t
      .http()
      .post('/api/token/')
      .set(alice.headers)
      .send({ name: 'own', remain_quota: 1_000 });
    aliceToken = (token.body.data[0] as { id: number }).id;
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  async function setOption(key: string, value: string): Promise<void> {
    const response = await t.http().put('/api/option/').set(root.headers).send({ key, value });
    expect(response.body).toMatchObject({ success: true });
  }
  async function newUser(name: string, quota: number): Promise<SignedIn> {
    const id = await t.createUser(name, `${name}-pass-1`);
    await data.getRepository(UserEntity).update(id, { quota });
    return t.signIn(name, `${name}-pass-1`);
  }
  async function playground(headers: Record<string, string>, body: Record<string, unknown>): Promise<Answer> {
    const response = await fetch(`${origin}/pg/chat/completions`, {
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
  const userRow = (who: SignedIn) => data.getRepository(UserEntity).findOneByOrFail({ id: who.id });
  async function flush(): Promise<void> {
    await t.app.get(QuotaLedger).flush();
    await t.app.get(UsageRecorder).flush();
  }
  async function logOf(requestId: string): Promise<LogEntity> {
    await flush();
    const rows = await data.getRepository(LogEntity).find({ where: { type: LogType.Consume } });
    const row = rows.find((r) => (JSON.parse(r.other) as { request_id?: string }).request_id === requestId);
    if (!row) throw new Error(`no consumption log for ${requestId}`);
    return row;
  }
  function expectOpenAiError(answer: Answer, status: number, code: string, type: string): void {
    expect(answer.status).toBe(status);
    expect(answer.requestId).toMatch(REQUEST_ID);
    const body = JSON.parse(answer.text) as { error: { message: string; type: string; code: string } };
    expect(body.error).toMatchObject({ type, code });
    expect(body.error.message).toMatch(new RegExp(` \\(request id: ${answer.requestId}\\)$`));
  }

  it('answers a chat billed to the user alone and logs it as playground-default', async () => {
    await flush();
    const before = await userRow(alice);
    const answer = await playground(alice.headers, chat('hello playground'));
    expect(answer.status).toBe(200);
    expect(answer.requestId).toMatch(REQUEST_ID);
    const body = JSON.parse(answer.text) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0].message.content).toBe('echo: hello playground');

    const row = await logOf(answer.requestId);
    expect(row).toMatchObject({
      userId: alice.id,
      tokenId: 0,
      tokenName: 'playground-default',
      group: 'default',
    });
    expect(row.quota).toBeGreaterThan(0);
    const after = await userRow(alice);
    expect(after.quota).toBe(before.quota - row.quota);
    expect(after.usedQuota).toBe(before.usedQuota + row.quota);
    expect(after.requestCount).toBe(before.requestCount + 1);
    expect(await data.getRepository(TokenEntity).findOneByOrFail({ id: aliceToken })).toMatchObject({
      remainQuota: 1_000,
      usedQuota: 0,
    });
  });

  it('forwards the chat without the gateway fields and without a zero max_tokens', async () => {
    mock.reset();
    const answer = await playground(alice.headers, chat('what is sent', { group: 'default' }));
    expect(answer.status).toBe(200);
    const [sent] = mock.requests();
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.5 });
    expect(sent.body).not.toHaveProperty('group');
    expect(sent.body).not.toHaveProperty('max_tokens');
  });

  it('streams the chat as SSE and bills it the same way', async () => {
    await flush();
    const before = await userRow(alice);
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

    const row = await logOf(answer.requestId);
    expect(row).toMatchObject({ tokenId: 0, tokenName: 'playground-default', isStream: true });
    expect((await userRow(alice)).quota).toBe(before.quota - row.quota);
  });

  it('routes and prices in a usable group the user picks', async () => {
    const answer = await playground(alice.headers, chat('in vip', { group: 'vip' }));
    expect(answer.status).toBe(200);
    const row = await logOf(answer.requestId);
    expect(row).toMatchObject({ tokenName: 'playground-vip', group: 'vip' });
    expect(JSON.parse(row.other)).toMatchObject({ group_ratio: 2 });
  });

  it('refuses a group the user may not use with 403 in OpenAI shape and bills nothing', async () => {
    await flush();
    const before = await userRow(alice);
    const answer = await playground(alice.headers, chat('in svip', { group: 'svip' }));
    expectOpenAiError(answer, 403, 'group_not_usable', 'gateway_error');
    expect(answer.text).toContain('Group svip is not available to you');
    await flush();
    expect((await userRow(alice)).quota).toBe(before.quota);
  });

  it('refuses a user short of quota for the reservation', async () => {
    const bob = await newUser('bob', 100);
    const answer = await playground(bob.headers, chat('too long', { max_tokens: 10_000 }));
    expectOpenAiError(answer, 403, 'insufficient_user_quota', 'gateway_error');
  });

  it('refuses a system access token with 400, and no session with 401', async () => {
    const accessToken = (await t.http().get('/api/user/token').set(alice.headers)).body.data as string;
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
    const otherUser = { ...alice.headers, [USER_ID_HEADER]: String(root.id) };
    expectOpenAiError(
      await playground(otherUser, chat('mismatch')),
      401,
      'session_user_mismatch',
      'invalid_request_error',
    );
  });

  it('counts playground calls in the per-user model rate limit', async () => {
    const carol = await newUser('carol', 10_000_000);
    await setOption('ModelRequestRateLimitCount', '2');
    await setOption('ModelRequestRateLimitEnabled', 'true');
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
      await setOption('ModelRequestRateLimitEnabled', 'false');
    }
  });
});
