import { type AddressInfo } from 'node:net';
import OpenAI, { AuthenticationError } from 'openai';
import { LogType } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { UsageRecorder } from '../src/modules/billing/usage-recorder';
import { LogEntity } from '../src/modules/logs/log.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { type MockUpstream, startMockUpstream } from '@tollgate/mock-upstream';
import { BACKENDS, type SignedIn, startTestApp, type TestApp } from './support/test-app';

const AZURE_KEY = 'azure-resource-key-93b1';

describe.each(BACKENDS)('relay: Azure OpenAI channels (%s)', (backend) => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: SignedIn;
  let aliceId: number;
  let data: DataSource;
  let openai: OpenAI;

  beforeAll(async () => {
    mock = await startMockUpstream();
    t = await startTestApp(backend);
    data = t.app.get(DataSource);
    root = await t.setupRoot();
    aliceId = await t.createUser('alice', 'alice-pass-1');
    const alice = await t.signIn('alice', 'alice-pass-1');
    await data.getRepository(UserEntity).update(aliceId, { quota: 10_000_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseURL = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/v1`;
    await setOption('ModelRatio', JSON.stringify({ 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075, 'gpt-4.1': 1 }));
    await setOption('CompletionRatio', JSON.stringify({ 'gpt-4o': 4, 'gpt-4o-mini': 4, 'gpt-4.1': 4 }));
    await setOption('GroupRatio', JSON.stringify({ default: 1 }));
    // No API version given: the catalogue's default is filled in on save.
    await addChannel({ name: 'azure-default', models: 'gpt-4o' });
    await addChannel({
      name: 'azure-mapped',
      models: 'gpt-4o-mini',
      other: '2025-01-01-preview',
      model_mapping: '{"gpt-4o-mini":"mini-deployment"}',
    });
    await addChannel({ name: 'azure-revoked', models: 'gpt-4.1', key: 'bad-key' });
    const token = await t
      .http()
      .post('/api/token/')
      .set(alice.headers)
      .send({ name: 'azure', unlimited_quota: true });
    openai = new OpenAI({ apiKey: (token.body.data[0] as { key: string }).key, baseURL, maxRetries: 0 });
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  async function setOption(key: string, value: string): Promise<void> {
    const response = await t.http().put('/api/option/').set(root.headers).send({ key, value });
    expect(response.body).toMatchObject({ success: true });
  }
  async function addChannel(fields: Record<string, unknown>): Promise<void> {
    const response = await t
      .http()
      .post('/api/channel/')
      .set(root.headers)
      .send({ type: 3, key: AZURE_KEY, base_url: `${mock.url}/`, group: 'default', ...fields });
    expect(response.body).toMatchObject({ success: true });
  }
  async function logOf(requestId: string | null) {
    await t.app.get(QuotaLedger).flush();
    await t.app.get(UsageRecorder).flush();
    const rows = await data
      .getRepository(LogEntity)
      .find({ where: { userId: aliceId, type: LogType.Consume } });
    const row = rows.find((r) => (JSON.parse(r.other) as { request_id: string }).request_id === requestId);
    if (!row) throw new Error(`no log row for ${requestId}`);
    return row;
  }
  const lastSeen = () => {
    const seen = mock.requests().at(-1);
    if (!seen) throw new Error('the mock saw nothing');
    return seen;
  };

  it('answers a chat at the deployment URL with the api-key header and the default API version', async () => {
    const { data: answer, response } = await openai.chat.completions
      .create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hello azure' }] })
      .withResponse();
    expect(answer.choices[0].message.content).toBe('echo: hello azure');
    const seen = lastSeen();
    expect(seen.path).toBe('/openai/deployments/gpt-4o/chat/completions');
    expect(seen.query).toBe('api-version=2024-12-01-preview');
    expect(seen.headers['api-key']).toBe(AZURE_KEY);
    expect(seen.headers.authorization).toBeUndefined();
    // prompt 3 + (3 + 2), completion "echo: hello azure" 3 words
    const row = await logOf(response.headers.get('x-request-id'));
    expect(row).toMatchObject({ promptTokens: 8, completionTokens: 3 });
    expect(row.quota).toBe(Math.round((8 + 3 * 4) * 1.25));
  });

  it('streams a chat from the mapped deployment with the channel API version, billed from its usage chunk', async () => {
    const { data: stream, response } = await openai.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'one two' }], stream: true })
      .withResponse();
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('echo: one two');
    const seen = lastSeen();
    expect(seen.path).toBe('/openai/deployments/mini-deployment/chat/completions');
    expect(seen.query).toBe('api-version=2025-01-01-preview');
    expect(seen.headers['api-key']).toBe(AZURE_KEY);
    expect(seen.body).toMatchObject({ model: 'mini-deployment', stream_options: { include_usage: true } });
    const row = await logOf(response.headers.get('x-request-id'));
    expect(row).toMatchObject({
      modelName: 'gpt-4o-mini',
      isStream: true,
      promptTokens: 8,
      completionTokens: 3,
    });
    expect(row.quota).toBe(Math.round((8 + 3 * 4) * 0.075));
  });

  it('sends the Responses API to the v1 surface with the deployment in the body', async () => {
    const answer = await openai.responses.create({ model: 'gpt-4o-mini', input: 'hi' });
    expect(answer.output_text).toBe('echo: hi');
    const seen = lastSeen();
    expect(seen.path).toBe('/openai/v1/responses');
    expect(seen.query).toBe('api-version=preview');
    expect(seen.body).toMatchObject({ model: 'mini-deployment' });
  });

  it("passes Azure's own 401 through to the caller", async () => {
    const error = await openai.chat.completions
      .create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'x' }] })
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).message).toContain('Access denied due to invalid subscription key');
    expect(lastSeen().headers['api-key']).toBe('bad-key');
  });
});
