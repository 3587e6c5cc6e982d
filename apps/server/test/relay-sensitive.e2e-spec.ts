import { APIError, BadRequestError } from 'openai';
import { LogType } from '@tollgate/contracts';
import { LogEntity } from '../src/modules/logs/log.entity';
import { TokenEntity } from '../src/modules/tokens/token.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { rejectionOf } from './support/relay-fixtures';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { BACKENDS } from './support/test-app';

const REQUEST_ID_SUFFIX = / \(request id: [0-9a-z]{17}\)$/;

describe.each(BACKENDS)('relay: sensitive words on prompts (%s)', (backend) => {
  let g: RelayGateway;

  beforeAll(async () => {
    g = await startRelayGateway(backend);
    await g.setOption(
      'ModelRatio',
      JSON.stringify({ 'gpt-4o-mini': 1, 'gpt-3.5-turbo-instruct': 1, 'emb-1': 1 }),
    );
    await g.setOption('GroupRatio', JSON.stringify({ default: 1, 'nsfw-ok': 1 }));
    await g.setOption('SensitiveWords', 'forbidden-word\n机密\n');
    await g.addChannel({
      name: 'main',
      group: 'default,nsfw-ok',
      models: 'gpt-4o-mini,gpt-3.5-turbo-instruct,emb-1',
    });
  });
  afterAll(() => g.close());

  async function newCaller(name: string, group = 'default') {
    const who = await g.newUser(name, { quota: 1_000_000, group });
    const token = await g.createToken(who, { name: 'sw', remain_quota: 500_000, unlimited_quota: false });
    return { userId: who.id, tokenId: token.id, key: token.key };
  }
  const client = (apiKey: string, language = 'en') => g.openai(apiKey, { 'Accept-Language': language });
  const say = (apiKey: string, content: string, language?: string) =>
    client(apiKey, language).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'be helpful' },
        { role: 'user', content: [{ type: 'text', text: content }] },
      ],
    });
  const failure = (call: Promise<unknown>) => rejectionOf(call, APIError);
  async function balances(caller: { userId: number; tokenId: number }) {
    await g.flush();
    const user = await g.data.getRepository(UserEntity).findOneByOrFail({ id: caller.userId });
    const token = await g.data.getRepository(TokenEntity).findOneByOrFail({ id: caller.tokenId });
    const consumed = await g.data
      .getRepository(LogEntity)
      .countBy({ userId: caller.userId, type: LogType.Consume });
    return { quota: user.quota, remain: token.remainQuota, consumed };
  }

  it('refuses a prompt holding a listed word with 400 before anything is reserved or sent', async () => {
    const bob = await newCaller('bob');
    const before = await balances(bob);
    const sent = g.mock.requests().length;
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
    expect(g.mock.requests().length).toBe(sent);
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
    await g.setOption('global.safe_check_exempt_enabled', 'true');
    const answer = await say(dave.key, 'forbidden-word');
    expect(answer.choices[0].message.content).toBe('echo: forbidden-word');

    const erin = await newCaller('erin');
    expect((await failure(say(erin.key, 'forbidden-word'))).code).toBe('sensitive_words_detected');
    await g.setOption('CheckSensitiveOnPromptEnabled', 'false');
    expect((await say(erin.key, 'forbidden-word')).choices).toHaveLength(1);
    await g.setOption('CheckSensitiveOnPromptEnabled', 'true');
    await g.setOption('CheckSensitiveEnabled', 'false');
    expect((await say(erin.key, 'forbidden-word')).choices).toHaveLength(1);
  });
});
