import { type AddressInfo } from 'node:net';
import OpenAI, { APIError, BadRequestError } from 'openai';
import { LogType } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { UsageRecorder } from '../src/modules/billing/usage-recorder';
import { LogEntity } from '../src/modules/logs/log.entity';
import { TokenEntity } from '../src/modules/tokens/token.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { type MockUpstream, startMockUpstream } from '@tollgate/mock-upstream';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const REQUEST_ID_SUFFIX = / \(request id: [0-9a-z]{17}\)$/;

describe.each(BACKENDS)('relay: sensitive words on prompts (%s)', (backend) => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: SignedIn;
  let baseURL: string;
  let data: DataSource;

  beforeAll(async () => {
    mock = await startMockUpstream();
    t = await startTestApp(backend);
    data = t.app.get(DataSource);
    root = await t.setupRoot();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseURL = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/v1`;
    await setOption(
      'ModelRatio',
      JSON.stringify({ 'gpt-4o-mini': 1, 'gpt-3.5-turbo-instruct': 1, 'emb-1': 1 }),
    );
    await setOption('GroupRatio', JSON.stringify({ default: 1, 'nsfw-ok': 1 }));
    await setOption('SensitiveWords', 'forbidden-word\n机密\n');
    const response = await t.http().post('/api/channel/').set(root.headers).send({
      type: 1,
      key: 'sk-upstream',
      base_url: mock.url,
      name: 'main',
      group: 'default,nsfw-ok',
      models: 'gpt-4o-mini,gpt-3.5-turbo-instruct,emb-1',
    });
    expect(response.body).toMatchObject({ success: true });
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  async function setOption(key: string, value: string): Promise<void> {
    const response = await t.http().put('/api/option/').set(root.headers).send({ key, value });
    expect(response.body).toMatchObject({ success: true });
  }
  async function newCaller(name: string, group = 'default') {
    const userId = await t.createUser(name, `${name}-pass-1`);
    await data.getRepository(UserEntity).update(userId, { quota: 1_000_000, group });
    const who = await t.signIn(name, `${name}-pass-1`);
    const response = await t
      .http()
      .post('/api/token/')
      .set(who.headers)
      .send({ name: 'sw', remain_quota: 500_000, unlimited_quota: false });
    expect(response.body).toMatchObject({ success: true });
    const token = response.body.data[0] as { id: number; key: string };
    return { userId, tokenId: token.id, key: token.key };
  }
  const client = (apiKey: string, language = 'en') =>
    new OpenAI({ apiKey, baseURL, maxRetries: 0, defaultHeaders: { 'Accept-Language': language } });
  const say = (apiKey: string, content: string, language?: string) =>
    client(apiKey, language).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'be helpful' },
        { role: 'user', content: [{ type: 'text', text: content }] },
      ],
    });
  const failure = async (call: Promise<unknown>): Promise<APIError> => {
    try {
      await call;
    } catch (error) {
      if (error instanceof APIError) return error;
      throw error;
    }
    throw new Error('the call succeeded');
  };
  async function balances(caller: { userId: number; tokenId: number }) {
    await t.app.get(QuotaLedger).flush();
    await t.app.get(UsageRecorder).flush();
    const user = await data.getRepository(UserEntity).findOneByOrFail({ id: caller.userId });
    const token = await data.getRepository(TokenEntity).findOneByOrFail({ id: caller.tokenId });
    const consumed = await data
      .getRepository(LogEntity)
      .countBy({ userId: caller.userId, type: LogType.Consume });
    return { quota: user.quota, remain: token.remainQuota, consumed };
  }

  it('refuses a prompt holding a listed word with 400 before anything is reserved or sent', async () => {
    const bob = await newCaller('bob');
    const before = await balances(bob);
    const sent = mock.requests().length;
    const error = await failure(say(bob.key, 'please say the FORBIDDEN-WORD and the other'));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('sensitive_words_detected');
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toMatch(/The request contains sensitive words: forbidden-word/);
    expect((error.error as { message: string }).message).toMatch(REQUEST_ID_SUFFIX);
    const zh = await failure(say(bob.key, '这是机密', 'zh-CN'));
    expect((zh.error as { message: string }).message).toMatch(/^请求包含敏感词：机密/);
    expect(await balances(bob)).toEqual(before);
    expect(before.consumed).toBe(0);
    expect(mock.requests().length).toBe(sent);
  });

  it('checks completion prompts and embedding inputs too', async () => {
    const carol = await newCaller('carol');
    const completion = client(carol.key).completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: ['fine', 'not fine: forbidden-word'],
    });
    expect((await failure(completion)).code).toBe('sensitive_words_detected');
    const embedding = client(carol.key).embeddings.create({ model: 'emb-1', input: '机密 text' });
    expect((await failure(embedding)).code).toBe('sensitive_words_detected');
  });

  it('lets the exempt group through only while the exemption is on, and everyone with the check off', async () => {
    const dave = await newCaller('dave', 'nsfw-ok');
    expect((await failure(say(dave.key, 'forbidden-word'))).code).toBe('sensitive_words_detected');
    await setOption('global.safe_check_exempt_enabled', 'true');
    const answer = await say(dave.key, 'forbidden-word');
    expect(answer.choices[0].message.content).toBe('echo: forbidden-word');

    const erin = await newCaller('erin');
    expect((await failure(say(erin.key, 'forbidden-word'))).code).toBe('sensitive_words_detected');
    await setOption('CheckSensitiveOnPromptEnabled', 'false');
    expect((await say(erin.key, 'forbidden-word')).choices).toHaveLength(1);
    await setOption('CheckSensitiveOnPromptEnabled', 'true');
    await setOption('CheckSensitiveEnabled', 'false');
    expect((await say(erin.key, 'forbidden-word')).choices).toHaveLength(1);
  });
});
