import { countTokens } from 'gpt-tokenizer';
import {
  APIError,
  AuthenticationError,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import { TokenEntity } from '../src/modules/tokens/token.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { balanceReader } from './support/balances';
import { type RelayFixture, rejectionOf, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS } from './support/test-app';

const REQUEST_ID = /^[0-9a-z]{17}$/;
const UPSTREAM_KEY = 'sk-upstream-secret-7f3a9c';
const RATIOS = {
  'gpt-4o-mini': 1,
  'bill-model': 2.5,
  'retry-model': 1,
  'mapped-model': 1,
  'lonely-model': 1,
  'text-embedding-3-small': 0.1,
  'mock-no-usage': 1,
  'mock-slow-drip': 1,
  'mock-429': 1,
  'mock-503': 1,
};

describe.each(BACKENDS)('relay: chat, completions, embeddings against the mock (%s)', (backend) => {
  let f: RelayFixture;
  const addChannel = (fields: Record<string, unknown>) => f.addChannel({ key: UPSTREAM_KEY, ...fields });

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    await addChannel({ name: 'behaviours', models: 'mock-no-usage,mock-slow-drip,mock-429' });
    await addChannel({ name: 'remapped', models: 'mock-503', status_code_mapping: '{"503":"500"}' });
    await f.setOption('ModelRatio', JSON.stringify(RATIOS));
    await f.setOption('CompletionRatio', JSON.stringify({ 'bill-model': 3 }));
    await f.setOption('GroupRatio', JSON.stringify({ default: 1.5 }));
    await f.setOption('RetryTimes', '1');
    await addChannel({ name: 'main', models: 'gpt-4o-mini,bill-model,text-embedding-3-small' });
    await addChannel({ name: 'instruct', models: 'gpt-3.5-turbo-instruct' });
    await addChannel({
      name: 'broken',
      models: 'retry-model',
      priority: 10,
      header_override: JSON.stringify({ 'x-mock-behaviour': '500' }),
    });
    await addChannel({ name: 'backup', models: 'retry-model', priority: 0 });
    await addChannel({
      name: 'mapped',
      models: 'mapped-model',
      model_mapping: '{"mapped-model":"gpt-real"}',
    });
    await addChannel({
      name: 'revoked',
      models: 'gpt-revoked',
      header_override: JSON.stringify({ 'x-mock-behaviour': '401' }),
    });
    await f.setOption(
      'ModelRatio',
      JSON.stringify({ ...RATIOS, 'gpt-3.5-turbo-instruct': 1, 'gpt-revoked': 1 }),
    );
  });
  afterAll(() => f.close());

  const newToken = (fields: Record<string, unknown> = {}, who = f.alice) => f.createToken(who, fields);
  const balances = () => balanceReader(f.t, f.root);
  const client = (apiKey: string) => f.openai(apiKey);
  const failure = (call: Promise<unknown>) => rejectionOf(call, APIError);
  const chat = (content: string) => ({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user' as const, content }],
  });

  it('answers a non-stream chat with the mock reply, usage and a request id', async () => {
    const { key } = await newToken();
    const { data: answer, response } = await client(key)
      .chat.completions.create(chat('hello there'))
      .withResponse();
    expect(answer.choices[0].message.content).toBe('echo: hello there');
    expect(answer.usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 3, total_tokens: 11 });
    const requestId = response.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(REQUEST_ID);
    const row = await f.logOf(requestId);
    expect(row).toMatchObject({
      modelName: 'gpt-4o-mini',
      promptTokens: 8,
      completionTokens: 3,
      isStream: false,
    });
    expect(row.other).toMatchObject({
      request_path: '/v1/chat/completions',
      admin_info: { use_channel: [expect.any(String)] },
    });
    const seen = f.mock.requests().at(-1);
    expect(seen?.headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
  });

  it('streams chat text; drops the usage chunk it asked for, keeps it when the caller asked', async () => {
    const { key } = await newToken();
    const plain = await client(key).chat.completions.create({ ...chat('one two three'), stream: true });
    const chunks = [];
    for await (const chunk of plain) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('echo: one two three');
    expect(chunks.every((c) => c.choices.length > 0)).toBe(true);
    expect(f.mock.requests().at(-1)?.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });

    const withUsage = await client(key).chat.completions.create({
      ...chat('one two three'),
      stream: true,
      stream_options: { include_usage: true },
    });
    const all = [];
    for await (const chunk of withUsage) all.push(chunk);
    expect(all.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 4 } });
  });

  it('relays completions and embeddings', async () => {
    const { key } = await newToken();
    const completion = await client(key).completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'say this',
    });
    expect(completion.choices[0].text).toBe('echo: say this');
    const embedding = await client(key).embeddings.create({
      model: 'text-embedding-3-small',
      input: ['a b', 'c'],
    });
    expect(embedding.data).toHaveLength(2);
    expect(embedding.data[0].embedding).toHaveLength(8);
    expect(embedding.usage).toMatchObject({ prompt_tokens: 3, total_tokens: 3 });
  });

  it('bills exactly the formula to the log, the user and the token (stream and not)', async () => {
    const token = await newToken({ unlimited_quota: false, remain_quota: 1_000_000 });
    const userBefore = await f.aliceQuota();
    const messages = [{ role: 'user' as const, content: 'hello there world' }];
    const { response } = await client(token.key)
      .chat.completions.create({ model: 'bill-model', messages })
      .withResponse();
    // mock usage: prompt 3 + (3 + 3) = 9, completion "echo: hello there world" = 4 words
    const expected = Math.round((9 + 4 * 3) * 2.5 * 1.5);
    const row = await f.logOf(response.headers.get('x-request-id') ?? '');
    expect(row.quota).toBe(expected);
    expect(row.other).toMatchObject({
      model_ratio: 2.5,
      completion_ratio: 3,
      group_ratio: 1.5,
      model_price: -1,
    });
    const stream = await client(token.key).chat.completions.create({
      model: 'bill-model',
      messages,
      stream: true,
    });
    for await (const chunk of stream) expect(chunk.choices.length).toBeGreaterThan(0);
    await f.flush();
    const user = await f.data.getRepository(UserEntity).findOneByOrFail({ id: f.aliceId });
    const saved = await f.data.getRepository(TokenEntity).findOneByOrFail({ id: token.id });
    expect(userBefore - user.quota).toBe(2 * expected);
    expect(saved.remainQuota).toBe(1_000_000 - 2 * expected);
    expect(saved.usedQuota).toBe(2 * expected);
  });

  it('retries a 500 on the top tier with the next channel (RetryTimes 1)', async () => {
    const { key } = await newToken();
    f.mock.reset();
    const { data: answer, response } = await client(key)
      .chat.completions.create({ model: 'retry-model', messages: [{ role: 'user', content: 'again' }] })
      .withResponse();
    expect(answer.choices[0].message.content).toBe('echo: again');
    const seen = f.mock.requests();
    expect(seen).toHaveLength(2);
    expect(seen[0].headers['x-mock-behaviour']).toBe('500');
    expect(seen[1].headers['x-mock-behaviour']).toBeUndefined();
    const row = await f.logOf(response.headers.get('x-request-id') ?? '');
    expect((row.other.admin_info as { use_channel: string[] }).use_channel).toHaveLength(2);
  });

  it('sends the mapped model upstream and logs the mapping', async () => {
    const { key } = await newToken();
    const { response } = await client(key)
      .chat.completions.create({ model: 'mapped-model', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(f.mock.requests().at(-1)?.body).toMatchObject({ model: 'gpt-real' });
    const row = await f.logOf(response.headers.get('x-request-id') ?? '');
    expect(row.modelName).toBe('mapped-model');
    expect(row.other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'gpt-real' });
  });

  it('answers 503 without a channel and 403 without user quota, refunding nothing taken', async () => {
    const token = await newToken({ unlimited_quota: false, remain_quota: 500_000 });
    await f.flush();
    const aliceBefore = await balances().user(f.aliceId);
    const none = await failure(
      client(token.key).chat.completions.create({ ...chat('x'), model: 'lonely-model' }),
    );
    expect(none.status).toBe(503);
    expect(none.code).toBe('no_available_channel');
    expect(none.message).toContain(`(request id: ${none.requestID})`);
    const bob = await f.newUser('bob');
    const bobBefore = await balances().user(bob.id);
    const bobToken = await newToken({}, bob);
    const poor = await failure(client(bobToken.key).chat.completions.create(chat('x')));
    expect(poor).toBeInstanceOf(PermissionDeniedError);
    expect(poor.code).toBe('insufficient_user_quota');

    // One billed call after the refused ones: the balances move by its log and by nothing else.
    const { response } = await client(token.key).chat.completions.create(chat('billed')).withResponse();
    const billed = (await f.logOf(response.headers.get('x-request-id') ?? '')).quota;
    expect(billed).toBeGreaterThan(0);
    await f.flush();
    expect(await balances().user(f.aliceId)).toEqual({
      quota: aliceBefore.quota - billed,
      used_quota: aliceBefore.used_quota + billed,
      request_count: aliceBefore.request_count + 1,
    });
    expect(await balances().token(f.alice, token.id)).toEqual({
      remain_quota: 500_000 - billed,
      used_quota: billed,
    });
    expect(await balances().user(bob.id)).toEqual(bobBefore);
  });

  it('passes an upstream 401 through with our request id and without the channel key', async () => {
    const { key } = await newToken();
    const error = await failure(client(key).chat.completions.create({ ...chat('x'), model: 'gpt-revoked' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.code).toBe('invalid_api_key');
    expect(error.requestID).toMatch(REQUEST_ID);
    expect(error.message).toContain(`(request id: ${error.requestID})`);
    expect(JSON.stringify(error.error)).not.toContain(UPSTREAM_KEY);
  });

  it('refuses a body without messages with 400 invalid_text_request', async () => {
    const { key } = await newToken();
    const response = await f.t
      .http()
      .post('/v1/chat/completions')
      .set('Authorization', `Bearer ${key}`)
      .set('Accept-Language', 'en')
      .send({ model: 'gpt-4o-mini' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'invalid_text_request',
      type: 'invalid_request_error',
    });
    expect(response.body.error.message).toContain('messages is required');
  });

  it('counts a stream without upstream usage with the tokenizer', async () => {
    const { key } = await newToken();
    const content = 'count these words please';
    const { data: stream, response } = await client(key)
      .chat.completions.create({
        model: 'mock-no-usage',
        messages: [{ role: 'user', content }],
        stream: true,
      })
      .withResponse();
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(`echo: ${content}`);
    const row = await f.logOf(response.headers.get('x-request-id') ?? '');
    expect(row.completionTokens).toBe(countTokens(text));
    expect(row.promptTokens).toBe(3 + 3 + countTokens(content));
    expect(row.isStream).toBe(true);
  });

  it('bills a caller that disconnects mid-stream for what was generated', async () => {
    const { key } = await newToken();
    const words = Array.from({ length: 30 }, () => 'word').join(' ');
    const { data: stream, response } = await client(key)
      .chat.completions.create({
        model: 'mock-slow-drip',
        messages: [{ role: 'user', content: words }],
        stream: true,
      })
      .withResponse();
    let received = 0;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) received += 1;
      if (received === 3) break;
    }
    const requestId = response.headers.get('x-request-id') ?? '';
    const row = await f.logOf(requestId);
    expect(row.completionTokens).toBeGreaterThan(0);
    expect(row.completionTokens).toBeLessThan(countTokens(`echo: ${words}`));
    expect(row.quota).toBeGreaterThan(0);
  });

  it('says the upstream is saturated on a final 429 and refunds the reservation', async () => {
    const { key } = await newToken();
    const before = await f.aliceQuota();
    const error = await failure(client(key).chat.completions.create({ ...chat('x'), model: 'mock-429' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.message).toContain(`上游负载已饱和，请稍后再试 (request id: ${error.requestID})`);
    expect(await f.aliceQuota()).toBe(before);
  });

  it('applies status_code_mapping to the status the caller sees', async () => {
    const { key } = await newToken();
    const error = await failure(client(key).chat.completions.create({ ...chat('x'), model: 'mock-503' }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(500);
    expect(error.message).toContain(`(request id: ${error.requestID})`);
  });
});
