import OpenAI, { AuthenticationError } from 'openai';
import { type RelayFixture, startRelayFixture } from './support/relay-fixtures';
import { BACKENDS } from './support/test-app';

const AZURE_KEY = 'azure-resource-key-93b1';

describe.each(BACKENDS)('relay: Azure OpenAI channels (%s)', (backend) => {
  let f: RelayFixture;
  let openai: OpenAI;
  const addChannel = (fields: Record<string, unknown>) =>
    f.addChannel({ type: 3, key: AZURE_KEY, base_url: `${f.mock.url}/`, ...fields });

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    await f.setOption('ModelRatio', JSON.stringify({ 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075, 'gpt-4.1': 1 }));
    await f.setOption('CompletionRatio', JSON.stringify({ 'gpt-4o': 4, 'gpt-4o-mini': 4, 'gpt-4.1': 4 }));
    await f.setOption('GroupRatio', JSON.stringify({ default: 1 }));
    // No API version given: the catalogue's default is filled in on save.
    await addChannel({ name: 'azure-default', models: 'gpt-4o' });
    await addChannel({
      name: 'azure-mapped',
      models: 'gpt-4o-mini',
      other: '2025-01-01-preview',
      model_mapping: '{"gpt-4o-mini":"mini-deployment"}',
    });
    await addChannel({ name: 'azure-revoked', models: 'gpt-4.1', key: 'bad-key' });
    openai = f.openai(await f.newToken());
  });
  afterAll(() => f.close());

  const logOf = (requestId: string | null) => f.logOf(requestId ?? '');
  const lastSeen = () => {
    const seen = f.mock.requests().at(-1);
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
