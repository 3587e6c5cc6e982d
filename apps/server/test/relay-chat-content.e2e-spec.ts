import type OpenAI from 'openai';
import { BACKENDS } from './support/test-app';
import { CHANNEL, type RelayFixture, startRelayFixture } from './support/relay-fixtures';

const MESSAGES = [
  { role: 'system' as const, content: 'Be brief.' },
  { role: 'user' as const, content: 'first question' },
  { role: 'assistant' as const, content: 'first answer' },
  { role: 'user' as const, content: 'hello there' },
];

// LogChatContentEnabled: the conversation is kept in the consumption log's `other` (spec 001 §3 Log entry).
describe.each(BACKENDS)('relay: chat content in consumption logs (%s)', (backend) => {
  let f: RelayFixture;
  let client: OpenAI;

  beforeAll(async () => {
    f = await startRelayFixture(backend);
    await f.setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 1, 'claude-3-5-haiku-20241022': 1 }));
    await f.addChannel({ type: CHANNEL.openai, key: 'openai-key', models: 'gpt-4o-mini' });
    await f.addChannel({ type: CHANNEL.anthropic, key: 'claude-key', models: 'claude-3-5-haiku-20241022' });
    client = f.openai(await f.newToken());
  });
  afterAll(() => f.close());

  it('keeps no conversation while the option is off (the default)', async () => {
    const { response } = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: MESSAGES })
      .withResponse();
    const log = await f.logOf(response.headers.get('x-request-id') ?? '');
    expect(log.other).not.toHaveProperty('input_content');
    expect(log.other).not.toHaveProperty('output_content');
  });

  it('keeps the system prompt, earlier turns, the last input and the answer when on', async () => {
    await f.setOption('LogChatContentEnabled', 'true');
    const { response } = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: MESSAGES })
      .withResponse();
    const log = await f.logOf(response.headers.get('x-request-id') ?? '');
    expect(log.other).toMatchObject({
      system_prompt: 'Be brief.',
      context: 'user: first question\nassistant: first answer',
      input_content: 'hello there',
      output_content: 'echo: hello there',
    });
  });

  it('keeps a streamed answer converted from another protocol, and a native caller’s prompt', async () => {
    await f.setOption('LogChatContentEnabled', 'true');
    const stream = await client.chat.completions.create({
      model: 'claude-3-5-haiku-20241022',
      messages: [{ role: 'user', content: 'streamed question' }],
      stream: true,
    });
    for await (const chunk of stream) expect(chunk.object).toBe('chat.completion.chunk');
    const anthropic = f.anthropic(await f.newToken());
    const { response } = await anthropic.messages
      .create({
        model: 'gpt-4o-mini',
        max_tokens: 50,
        system: 'Answer in French.',
        messages: [{ role: 'user', content: 'native question' }],
      })
      .withResponse();
    const logs = await f.logsAfter(0, 4);
    expect(logs.find((log) => log.modelName === 'claude-3-5-haiku-20241022')?.other).toMatchObject({
      input_content: 'streamed question',
      output_content: 'echo: streamed question',
    });
    const native = await f.logOf(response.headers.get('x-request-id') ?? '');
    expect(native.other).toMatchObject({
      system_prompt: 'Answer in French.',
      input_content: 'native question',
      output_content: 'echo: native question',
    });
  });
});
