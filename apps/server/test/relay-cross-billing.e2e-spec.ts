import { countTokens } from 'gpt-tokenizer';
import { createServiceAccount } from '@tollgate/mock-upstream';
import { type TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { balanceReader } from './support/balances';
import { BACKENDS } from './support/test-app';
import {
  CHANNEL,
  type ConsumeLog,
  type RelayFixture,
  STARTING_QUOTA,
  startRelayFixture,
} from './support/relay-fixtures';

const AWS = { accessKeyId: 'AKIAMOCKBILLING', secretAccessKey: 'billing/Secret+Key=7' };
const GROUP_RATIO = 1.5;
const CACHE_CREATION_RATIO = 1.25;

interface Ratios {
  model: number;
  completion: number;
  cache: number;
}

// A model per provider and cache source, each priced differently so a wrong price cannot match by chance.
const M = {
  claudeCaching: 'claude-3-5-haiku-20241022', // Anthropic (14), the mock's prompt-cache rule
  claudeCached: 'claude-3-7-sonnet-20250219', // Anthropic (14), x-mock-cached-tokens: 4
  gemini: 'gemini-2.0-flash', // Gemini (24), x-mock-cached-tokens: 3
  openai: 'gpt-4o-mini', // OpenAI (1), x-mock-cached-tokens: 5
  bedrock: 'claude-3-haiku-20240307', // Bedrock (33)
  vertexGemini: 'gemini-1.5-pro', // Vertex (41)
  vertexClaude: 'claude-3-5-sonnet-20240620', // Vertex (41)
  claudeSilent: 'claude-3-opus-20240229', // Anthropic (14), x-mock-behaviour: no-usage
} as const;

const RATIOS: Record<string, Ratios> = {
  [M.claudeCaching]: { model: 2, completion: 5, cache: 0.1 },
  [M.claudeCached]: { model: 3, completion: 5, cache: 0.1 },
  [M.gemini]: { model: 1.5, completion: 4, cache: 0.25 },
  [M.openai]: { model: 1.25, completion: 4, cache: 0.5 },
  [M.bedrock]: { model: 2.5, completion: 5, cache: 0.1 },
  [M.vertexGemini]: { model: 1.75, completion: 4, cache: 1 },
  [M.vertexClaude]: { model: 1.5, completion: 5, cache: 0.1 },
  [M.claudeSilent]: { model: 7.5, completion: 5, cache: 0.1 },
};

const priceOption = (pick: (ratios: Ratios) => number) =>
  JSON.stringify(Object.fromEntries(Object.entries(RATIOS).map(([model, ratios]) => [model, pick(ratios)])));

/** Tokens as the mock reports them, prompt including cache reads and writes (OpenAI's convention). */
interface Tokens {
  prompt: number;
  completion: number;
  cached?: number;
  creation?: number;
}

/** Reference §3.2, written out independently of the server's code. */
function formulaQuota(model: string, tokens: Tokens): number {
  const { model: modelRatio, completion, cache } = RATIOS[model];
  const cached = tokens.cached ?? 0;
  const creation = tokens.creation ?? 0;
  const weighted =
    tokens.prompt -
    cached -
    creation +
    cached * cache +
    creation * CACHE_CREATION_RATIO +
    tokens.completion * completion;
  return Math.round(weighted * modelRatio * GROUP_RATIO);
}

// Six words: the native mocks count them as the prompt; the reply "echo: <six words>" is seven.
const SIX_WORDS = 'one two three four five six';
const CACHED_SYSTEM: TextBlockParam[] = [
  { type: 'text', text: 'A long shared context. '.repeat(20).trim(), cache_control: { type: 'ephemeral' } },
];

// Every provider's usage (cache reads and writes included) priced by the formula into the log, and the
// user debited exactly what the logs say, whichever SDK called and whether it streamed.
describe.each(BACKENDS)('relay: billing across protocols and providers (%s)', (backend) => {
  const account = createServiceAccount();
  let f: RelayFixture;
  let key: string;

  beforeAll(async () => {
    f = await startRelayFixture(backend, {
      vertexServiceAccounts: [account.account],
      bedrockCredentials: [AWS],
    });
    await f.setOption(
      'ModelRatio',
      priceOption((ratios) => ratios.model),
    );
    await f.setOption(
      'CompletionRatio',
      priceOption((ratios) => ratios.completion),
    );
    await f.setOption(
      'CacheRatio',
      priceOption((ratios) => ratios.cache),
    );
    await f.setOption('GroupRatio', JSON.stringify({ default: GROUP_RATIO }));
    const cachedTokens = (count: number) => JSON.stringify({ 'x-mock-cached-tokens': String(count) });
    await f.addChannel({ type: CHANNEL.anthropic, key: 'sk-ant-billing', models: M.claudeCaching });
    await f.addChannel({
      type: CHANNEL.anthropic,
      key: 'sk-ant-billing',
      models: M.claudeCached,
      header_override: cachedTokens(4),
    });
    await f.addChannel({
      type: CHANNEL.gemini,
      key: 'gemini-billing',
      models: M.gemini,
      header_override: cachedTokens(3),
    });
    await f.addChannel({ models: M.openai, header_override: cachedTokens(5) });
    await f.addChannel({
      type: CHANNEL.anthropic,
      key: 'sk-ant-billing',
      models: M.claudeSilent,
      header_override: JSON.stringify({ 'x-mock-behaviour': 'no-usage' }),
    });
    await f.addChannel({
      type: CHANNEL.bedrock,
      key: `${AWS.accessKeyId}|${AWS.secretAccessKey}|us-east-1`,
      models: M.bedrock,
    });
    await f.addChannel({
      type: CHANNEL.vertex,
      key: JSON.stringify(account.keyFile(`${f.mock.url}/token`)),
      other: 'us-east5',
      models: `${M.vertexGemini},${M.vertexClaude}`,
    });
    key = await f.newToken();
  });
  afterAll(() => f.close());

  /** Runs the calls; returns their log rows after checking the user paid exactly their sum. */
  async function billed(calls: number, run: () => Promise<unknown>): Promise<ConsumeLog[]> {
    const before = await f.aliceQuota();
    const logged = (await f.consumeLogs()).length;
    await run();
    const logs = await f.logsAfter(logged, calls);
    expect(logs).toHaveLength(calls);
    const total = logs.reduce((sum, log) => sum + log.quota, 0);
    expect(before - (await f.aliceQuota())).toBe(total);
    return logs;
  }

  function expectBilled(log: ConsumeLog, model: string, tokens: Tokens): void {
    expect(log).toMatchObject({
      modelName: model,
      promptTokens: tokens.prompt,
      completionTokens: tokens.completion,
      quota: formulaQuota(model, tokens),
    });
    expect(log.other).toMatchObject({
      model_ratio: RATIOS[model].model,
      completion_ratio: RATIOS[model].completion,
      group_ratio: GROUP_RATIO,
      cache_tokens: tokens.cached ?? 0,
      cache_ratio: RATIOS[model].cache,
    });
    if (tokens.creation) {
      expect(log.other).toMatchObject({
        cache_creation_tokens: tokens.creation,
        cache_creation_ratio: CACHE_CREATION_RATIO,
      });
    }
  }

  async function drain(stream: AsyncIterable<unknown>): Promise<void> {
    for await (const _event of stream);
  }

  it('Claude prompt caching: the write, then the read, at their ratios (Anthropic SDK, stream and not)', async () => {
    const body = {
      model: M.claudeCaching,
      max_tokens: 100,
      system: CACHED_SYSTEM,
      messages: [{ role: 'user' as const, content: 'Summarise it please' }],
    };
    let written: unknown;
    const logs = await billed(2, async () => {
      written = (await f.anthropic(key).messages.create(body)).usage;
      await f.anthropic(key).messages.stream(body).finalMessage();
    });
    expect(written).toMatchObject({
      input_tokens: 3,
      cache_creation_input_tokens: 80,
      cache_read_input_tokens: 0,
    });
    const [write, read] = [...logs].sort((a, b) => Number(a.isStream) - Number(b.isStream));
    expectBilled(write, M.claudeCaching, { prompt: 83, completion: 4, creation: 80 });
    expectBilled(read, M.claudeCaching, { prompt: 83, completion: 4, cached: 80 });
  });

  it('Claude cache reads through the conversion to an OpenAI caller (stream and not)', async () => {
    const request = { model: M.claudeCached, messages: [{ role: 'user' as const, content: SIX_WORDS }] };
    let usage: unknown;
    const logs = await billed(2, async () => {
      usage = (await f.openai(key).chat.completions.create(request)).usage;
      await drain(await f.openai(key).chat.completions.create({ ...request, stream: true }));
    });
    expect(usage).toMatchObject({ prompt_tokens: 6, prompt_tokens_details: { cached_tokens: 4 } });
    for (const log of logs) expectBilled(log, M.claudeCached, { prompt: 6, completion: 7, cached: 4 });
  });

  it('Gemini cached content, for an OpenAI caller and a streaming genai caller', async () => {
    const logs = await billed(2, async () => {
      await f.openai(key).chat.completions.create({
        model: M.gemini,
        messages: [{ role: 'user', content: SIX_WORDS }],
      });
      await drain(await f.gemini(key).models.generateContentStream({ model: M.gemini, contents: SIX_WORDS }));
    });
    for (const log of logs) expectBilled(log, M.gemini, { prompt: 6, completion: 7, cached: 3 });
  });

  it('OpenAI cached tokens, for an Anthropic caller and a streaming genai caller', async () => {
    let usage: unknown;
    const logs = await billed(2, async () => {
      const message = await f.anthropic(key).messages.create({
        model: M.openai,
        max_tokens: 100,
        messages: [{ role: 'user', content: SIX_WORDS }],
      });
      usage = message.usage;
      await drain(await f.gemini(key).models.generateContentStream({ model: M.openai, contents: SIX_WORDS }));
    });
    // OpenAI mock prompt: 3 + (3 + 6); Claude's input_tokens leave the cache read out.
    expect(usage).toMatchObject({ input_tokens: 7, cache_read_input_tokens: 5, output_tokens: 7 });
    for (const log of logs) expectBilled(log, M.openai, { prompt: 12, completion: 7, cached: 5 });
  });

  it('Bedrock and Vertex AI usage (stream and not)', async () => {
    const ask = (model: string) => ({ model, messages: [{ role: 'user' as const, content: SIX_WORDS }] });
    const logs = await billed(4, async () => {
      await f.openai(key).chat.completions.create(ask(M.bedrock));
      await drain(await f.openai(key).chat.completions.create({ ...ask(M.bedrock), stream: true }));
      await f.openai(key).chat.completions.create(ask(M.vertexGemini));
      await drain(await f.openai(key).chat.completions.create({ ...ask(M.vertexClaude), stream: true }));
    });
    const models = logs.map((log) => log.modelName).sort();
    expect(models).toEqual([M.bedrock, M.bedrock, M.vertexClaude, M.vertexGemini].sort());
    for (const log of logs) expectBilled(log, log.modelName, { prompt: 6, completion: 7 });
  });

  it('bills a Claude stream without usage by the counted prompt and text, not as free', async () => {
    const logs = await billed(1, async () => {
      const stream = await f.openai(key).chat.completions.create({
        model: M.claudeSilent,
        stream: true,
        messages: [{ role: 'user', content: SIX_WORDS }],
      });
      await drain(stream);
    });
    // The gateway's own estimate: 3 per message + 3 priming + the text's tokens; the reply counted likewise.
    const tokens = { prompt: 6 + countTokens(SIX_WORDS), completion: countTokens(`echo: ${SIX_WORDS}`) };
    expectBilled(logs[0], M.claudeSilent, tokens);
  });

  it('debits the user exactly the sum of every call’s log', async () => {
    // Calls of its own, so it holds run alone too; with the others it sums theirs as well.
    const logged = (await f.consumeLogs()).length;
    await f.anthropic(key).messages.create({
      model: M.claudeCached,
      max_tokens: 100,
      messages: [{ role: 'user', content: SIX_WORDS }],
    });
    await drain(await f.gemini(key).models.generateContentStream({ model: M.gemini, contents: SIX_WORDS }));
    const logs = await f.logsAfter(0, logged + 2);
    const total = logs.reduce((sum, log) => sum + log.quota, 0);
    expect(total).toBeGreaterThan(0);
    await f.flush();
    const alice = await balanceReader(f.t, f.root).user(f.aliceId);
    expect(STARTING_QUOTA - alice.quota).toBe(total);
    expect(alice.used_quota).toBe(total);
    expect(alice.request_count).toBe(logs.length);
  });
});
