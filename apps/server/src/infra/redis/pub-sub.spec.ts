import { openTestRedis } from '../../../test/support/redis-ports';
import { IoredisPubSub } from './ioredis-pub-sub';
import { MemoryPubSub } from './memory-pub-sub';
import { type HandlerErrorLogger } from './pub-sub-handler';
import { TEST_BACKENDS, type TestBackend, waitFor } from './redis-testing';
import { type PubSub } from './redis.ports';

interface Harness {
  /** Two replicas of the app; in memory mode both are this one process. */
  replicas: [PubSub, PubSub];
  handlerErrors: unknown[];
  close(): Promise<void>;
}

async function open(backend: TestBackend): Promise<Harness> {
  const handlerErrors: unknown[] = [];
  const logError: HandlerErrorLogger = (_channel, error) => handlerErrors.push(error);
  if (backend === 'memory') {
    const pubsub = new MemoryPubSub(logError);
    return { replicas: [pubsub, pubsub], handlerErrors, close: () => Promise.resolve() };
  }
  const redis = openTestRedis(2);
  const [a, b] = redis.connections.map(
    (c) => new IoredisPubSub(c.command, c.subscriber, redis.prefix, logError),
  );
  await redis.ready();
  return { replicas: [a, b], handlerErrors, close: redis.close };
}

/** Messages published after `message` on the same channel arrive after it, so seeing the marker means it was delivered. */
async function publishThenMark(
  pubsub: PubSub,
  channel: string,
  message: string,
  seen: string[],
): Promise<void> {
  await pubsub.publish(channel, message);
  await pubsub.publish(channel, 'marker');
  await waitFor('the marker message', () => seen.includes('marker'));
}

describe.each(TEST_BACKENDS)('PubSub (%s)', (backend) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await open(backend);
  });
  afterAll(() => harness.close());

  it('delivers to every subscriber, including the publisher itself', async () => {
    const [a, b] = harness.replicas;
    const onA: string[] = [];
    const onB: string[] = [];
    const offA = await a.subscribe('options', (m) => onA.push(m));
    const offB = await b.subscribe('options', (m) => onB.push(m));
    await a.publish('options', 'changed:1');
    await a.publish('options', 'changed:2');
    await waitFor('both replicas to receive both messages', () => onA.length === 2 && onB.length === 2).catch(
      (error: Error) => {
        throw new Error(`${error.message} (A got ${JSON.stringify(onA)}, B ${JSON.stringify(onB)})`);
      },
    );
    expect(onA).toEqual(['changed:1', 'changed:2']);
    expect(onB).toEqual(['changed:1', 'changed:2']);
    await offA();
    await offB();
  });

  it('stops delivering to an unsubscribed handler and keeps delivering to the others', async () => {
    const [a] = harness.replicas;
    const gone: string[] = [];
    const kept: string[] = [];
    const offGone = await a.subscribe('tokens', (m) => gone.push(m));
    const offKept = await a.subscribe('tokens', (m) => kept.push(m));
    await publishThenMark(a, 'tokens', 'first', gone);
    await offGone();
    kept.length = 0;
    await publishThenMark(a, 'tokens', 'second', kept);
    expect(gone).toEqual(['first', 'marker']);
    expect(kept).toEqual(['second', 'marker']);
    await offKept();
  });

  it('delivers nothing on a channel after its last handler leaves, and can subscribe again', async () => {
    const [a] = harness.replicas;
    const gone: string[] = [];
    const off = await a.subscribe('users', (m) => gone.push(m));
    await off();
    await off();
    const control: string[] = [];
    const offControl = await a.subscribe('control', (m) => control.push(m));
    await a.publish('users', 'lost');
    await publishThenMark(a, 'control', 'after', control);
    expect(gone).toEqual([]);

    const back: string[] = [];
    const offBack = await a.subscribe('users', (m) => back.push(m));
    await publishThenMark(a, 'users', 'again', back);
    expect(back).toEqual(['again', 'marker']);
    await offBack();
    await offControl();
  });

  it('keeps channels apart and survives a throwing handler', async () => {
    const [a, b] = harness.replicas;
    const prices: string[] = [];
    const offThrowing = await b.subscribe('prices', () => {
      throw new Error('handler bug');
    });
    const offPrices = await b.subscribe('prices', (m) => prices.push(m));
    const offOther = await b.subscribe('channels', (m) => prices.push(`wrong:${m}`));
    await publishThenMark(a, 'prices', 'p1', prices);
    expect(prices).toEqual(['p1', 'marker']);
    expect(harness.handlerErrors).toEqual([new Error('handler bug'), new Error('handler bug')]);
    await Promise.all([offThrowing(), offPrices(), offOther()]);
  });
});

describe('MemoryPubSub', () => {
  it('delivers asynchronously, after publish has returned', async () => {
    const pubsub = new MemoryPubSub(() => undefined);
    const seen: string[] = [];
    await pubsub.subscribe('c', (m) => seen.push(m));
    await pubsub.publish('c', 'x');
    expect(seen).toEqual([]);
    await waitFor('delivery', () => seen.length === 1);
  });
});
