import { countTokens } from 'gpt-tokenizer';
import { setTimeout as sleep } from 'node:timers/promises';
import { APIError } from 'openai';
import { QuotaLedger } from '../src/modules/billing/quota-ledger';
import { LogEntity } from '../src/modules/logs/log.entity';
import { balanceReader } from './support/balances';
import { type Account, consumeLogs, moneyBooks, requestIdOf } from './support/money-books';
import { type RelayGateway, startRelayGateway } from './support/relay-gateway';
import { rejectionOf } from './support/relay-fixtures';
import { BACKENDS } from './support/test-app';

// 10 × QuotaPerUnit (500,000 by default): payers above it are trusted and hold nothing (reference §3.4 step 4).
const TRUST_THRESHOLD = 5_000_000;
const ORDINARY = 1_000_000;
const RICH = 4 * TRUST_THRESHOLD;
// A per-call price: 0.02 × QuotaPerUnit. Its reservation and its charge are the same, so a budget allows an
// exact number of calls whatever order they run in.
const FLAT_PRICE = 0.02;
const FLAT = 10_000;
const MODEL_RATIO = 1.5;
const COMPLETION_RATIO = 3;
const M = {
  ordinary: 'sum-ordinary',
  rich: 'sum-rich',
  budget: 'budget-flat',
  cut: 'mock-cut-stream',
  drip: 'mock-slow-drip',
  upstreamFails: 'refund-upstream',
  bodyFails: 'refund-body',
  /** A good call after each refund, each on its own channel. */
  upstreamFailsThenPaid: 'refund-upstream-paid',
  bodyFailsThenPaid: 'refund-body-paid',
  drain: 'drain-model',
} as const;
const RATIO_MODELS = [M.ordinary, M.rich, M.cut, M.drip, M.drain];
const FLAT_MODELS = [M.budget, M.upstreamFails, M.bodyFails, M.upstreamFailsThenPaid, M.bodyFailsThenPaid];
const LOG_WAIT_MS = 5_000;

/** Reference §3.2 for a ratio-priced call, written out independently of the server's code. */
const ratioQuota = (prompt: number, completion: number) =>
  Math.round((prompt + completion * COMPLETION_RATIO) * MODEL_RATIO);
// Prompts stay short: the first 4,096 characters of a call are always counted exactly (a longer text is exact
// for 15 ms of CPU, then estimated).
const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');

// Money paths of the relay through HTTP: concurrent calls, a budget that runs out, streams cut by either end,
// both refunds, and a drain the database refuses for a while. In every case each call is logged once and the
// user, the token and the channel are debited exactly what the logs say; the cache agrees with the database.
describe.each(BACKENDS)('billing money paths through the relay (%s)', (backend) => {
  let g: RelayGateway;
  let channels: Record<string, number>;
  let money: ReturnType<typeof moneyBooks>;

  beforeAll(async () => {
    g = await startRelayGateway(backend);
    await g.setOption(
      'ModelRatio',
      JSON.stringify(Object.fromEntries(RATIO_MODELS.map((m) => [m, MODEL_RATIO]))),
    );
    await g.setOption(
      'CompletionRatio',
      JSON.stringify(Object.fromEntries(RATIO_MODELS.map((m) => [m, COMPLETION_RATIO]))),
    );
    await g.setOption(
      'ModelPrice',
      JSON.stringify(Object.fromEntries(FLAT_MODELS.map((m) => [m, FLAT_PRICE]))),
    );
    await g.setOption('RetryTimes', '0');
    // A channel per model: each test's channel counter is its own.
    const behaviours: Partial<Record<string, string>> = {
      [M.cut]: 'chunks=6',
      [M.upstreamFails]: '500',
      [M.bodyFails]: 'cut-stream',
    };
    channels = {};
    money = moneyBooks(
      g,
      (model) => channels[model],
      () => [g.t.app.get(QuotaLedger)],
    );
    for (const model of [...RATIO_MODELS, ...FLAT_MODELS]) {
      const behaviour = behaviours[model];
      channels[model] = await g.addChannel({
        name: model,
        models: model,
        ...(behaviour ? { header_override: JSON.stringify({ 'x-mock-behaviour': behaviour }) } : {}),
      });
    }
  });
  afterAll(() => g.close());

  /** One chat call through the official SDK, read to its end; answers its request id. */
  async function chat(
    a: Account,
    model: string,
    prompt: string,
    options: { stream?: boolean; max?: number },
  ) {
    const body = {
      model,
      messages: [{ role: 'user' as const, content: prompt }],
      ...(options.max === undefined ? {} : { max_tokens: options.max }),
    };
    if (!options.stream) {
      const { response } = await g.openai(a.key).chat.completions.create(body).withResponse();
      return response.headers.get('x-request-id') ?? '';
    }
    const { data, response } = await g
      .openai(a.key)
      .chat.completions.create({ ...body, stream: true })
      .withResponse();
    for await (const _chunk of data);
    return response.headers.get('x-request-id') ?? '';
  }

  /**
   * Mixed calls at once: streams and not, with and without a max (so reservations differ from charges). The
   * first goes alone: the ledger then knows the balances, and trusts a rich payer's calls (one at a time).
   */
  const concurrentCalls = async (a: Account, model: string, count: number) => [
    await chat(a, model, words(2), { max: 3 }),
    ...(await Promise.all(
      Array.from({ length: count }, (_, index) =>
        chat(a, model, words(1 + (index % 9)), {
          stream: index % 3 === 0,
          max: index % 4 === 0 ? undefined : 2 + (index % 7),
        }),
      ),
    )),
  ];

  /** The consume log row of a request, once its call has settled. */
  async function logOf(userId: number, requestId: string): Promise<LogEntity> {
    const deadline = Date.now() + LOG_WAIT_MS;
    for (;;) {
      await g.t.app.get(QuotaLedger).flush();
      const row = (await consumeLogs(g, userId)).find((log) => requestIdOf(log) === requestId);
      if (row) return row;
      if (Date.now() > deadline) throw new Error(`request ${requestId} was never logged`);
      await sleep(50);
    }
  }

  it('charges 41 calls, 40 at once, of an ordinary payer (each reserving) exactly what they log', async () => {
    const a = await money.account(M.ordinary, ORDINARY, ORDINARY - 100_000);
    const answered = await concurrentCalls(a, M.ordinary, 40);
    const charged = money.expectBalanced(await money.books(a), a, answered);
    expect(charged).toBeGreaterThan(0);
  });

  it('charges 41 calls, 40 at once, of a payer above the trust threshold exactly what they log', async () => {
    const a = await money.account(M.rich, RICH);
    const answered = await concurrentCalls(a, M.rich, 40);
    const b = await money.books(a);
    money.expectBalanced(b, a, answered);
    expect(b.user.quota).toBeGreaterThan(TRUST_THRESHOLD);
  });

  it('lets exactly the calls a small budget allows through when 12 arrive at once', async () => {
    const a = await money.account(M.budget, 4 * FLAT + FLAT / 2, 1_000_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) => chat(a, M.budget, words(3), { stream: index % 2 === 0 })),
    );
    const answered = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refusals = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as APIError).status] : [],
    );
    expect(answered).toHaveLength(4);
    expect(refusals).toEqual(Array<number>(8).fill(403));
    const b = await money.books(a);
    expect(money.expectBalanced(b, a, answered)).toBe(4 * FLAT);
    expect(b.user.quota).toBe(FLAT / 2);
  });

  it('bills a stream the upstream cuts mid-way for the words it forwarded, once', async () => {
    const a = await money.account(M.cut, ORDINARY);
    const prompt = words(20);
    const { data, response } = await g
      .openai(a.key)
      .chat.completions.create({ model: M.cut, messages: [{ role: 'user', content: prompt }], stream: true })
      .withResponse();
    let received = '';
    for await (const chunk of data) received += chunk.choices[0]?.delta.content ?? '';
    // Six frames then a dropped connection: the role frame and five words.
    expect(received).toBe('echo: w0 w1 w2 w3');
    const requestId = response.headers.get('x-request-id') ?? '';
    const row = await logOf(a.userId, requestId);
    expect(row).toMatchObject({
      promptTokens: 3 + 3 + countTokens(prompt),
      completionTokens: countTokens(received),
      isStream: true,
    });
    expect(row.quota).toBe(ratioQuota(row.promptTokens, row.completionTokens));
    money.expectBalanced(await money.books(a), a, [requestId]);
  });

  it('bills a caller that disconnects mid-stream for what was generated until then, once', async () => {
    const a = await money.account(M.drip, ORDINARY);
    // 61 frames 50 ms apart: the caller is gone long before the last.
    const prompt = words(60);
    const full = `echo: ${prompt}`;
    const leave = new AbortController();
    const { data, response } = await g
      .openai(a.key)
      .chat.completions.create(
        { model: M.drip, messages: [{ role: 'user', content: prompt }], stream: true },
        { signal: leave.signal },
      )
      .withResponse();
    let received = '';
    let pieces = 0;
    for await (const chunk of data) {
      const piece = chunk.choices[0]?.delta.content ?? '';
      received += piece;
      if (piece !== '') pieces += 1;
      if (pieces === 3) break;
    }
    leave.abort();
    const requestId = response.headers.get('x-request-id') ?? '';
    const row = await logOf(a.userId, requestId);
    expect(row.promptTokens).toBe(3 + 3 + countTokens(prompt));
    // What the gateway forwarded before it saw the caller go: at least what the caller read, not the rest.
    expect(row.completionTokens).toBeGreaterThanOrEqual(countTokens(received));
    expect(row.completionTokens).toBeLessThan(countTokens(full));
    expect(row.quota).toBe(ratioQuota(row.promptTokens, row.completionTokens));
    // Nothing more arrives later: the stream was settled once, and its hold closed.
    await sleep(1_200);
    money.expectBalanced(await money.books(a), a, [requestId]);
  });

  describe.each([
    ['the upstream fails before answering', M.upstreamFails, M.upstreamFailsThenPaid],
    ['the answer body breaks off while read', M.bodyFails, M.bodyFailsThenPaid],
  ])('refund when %s', (_case, model, paidModel) => {
    it('gives the whole reservation back: the balances are as before and nothing is logged', async () => {
      // The balances hold exactly one call: a hold that was not given back would refuse the next one.
      const a = await money.account(model, FLAT);
      const failure = await rejectionOf(chat(a, model, words(3), {}), APIError);
      expect(failure.status).toBe(500);
      const before = await money.books(a);
      expect(before.logs).toEqual([]);
      expect(before.user).toEqual({ quota: FLAT, used_quota: 0, request_count: 0 });
      expect(before.token).toEqual({ remain_quota: FLAT, used_quota: 0 });
      expect(before.cached).toEqual({ user: String(FLAT), token: String(FLAT) });

      const paid = await chat(a, paidModel, words(3), {});
      const payingChannel = { ...a, channelId: channels[paidModel] };
      expect(money.expectBalanced(await money.books(payingChannel), payingChannel, [paid])).toBe(FLAT);
    });
  });

  it('retries a drain the database refuses part-way, without losing or doubling a charge', async () => {
    const a = await money.account(M.drain, ORDINARY);
    const ledger = g.t.app.get(QuotaLedger);
    const parked = async (yes: boolean): Promise<void> => {
      await g.data.query(
        yes ? 'ALTER TABLE "logs" RENAME TO "logs_parked"' : 'ALTER TABLE "logs_parked" RENAME TO "logs"',
      );
    };
    // Users, tokens and channels are updated before the log rows: the missing table fails the transaction last.
    await parked(true);
    let answered: string[];
    try {
      answered = await concurrentCalls(a, M.drain, 8);
      await expect(ledger.flush()).rejects.toThrow(/logs/);
      // The drain of every second fails meanwhile too, and is tried again.
      await sleep(1_200);
      await expect(ledger.flush()).rejects.toThrow(/logs/);
      const balances = balanceReader(g.t, g.root);
      expect(await balances.user(a.userId)).toEqual({ quota: ORDINARY, used_quota: 0, request_count: 0 });
      expect(await balances.token(a.owner, a.tokenId)).toEqual({ remain_quota: ORDINARY, used_quota: 0 });
    } finally {
      await parked(false);
    }
    expect(money.expectBalanced(await money.books(a), a, answered)).toBeGreaterThan(0);
  });
});
