import { ChannelSelector, mapModel, pickChannel, pickKeyIndex } from './channel-selector';
import { type RoutingCache } from './routing-cache';
import { type RoutedChannel, RoutingTable } from './routing-table';

const channel = (id: number, extra: Partial<RoutedChannel> = {}): RoutedChannel => ({
  id,
  name: `c${id}`,
  type: 1,
  status: 1,
  baseUrl: 'https://api.openai.com',
  organization: '',
  other: '',
  modelMapping: {},
  statusCodeMapping: {},
  paramOverride: {},
  headerOverride: {},
  setting: {},
  autoBan: true,
  createdTime: 1_700_000_000 + id,
  keys: [`key-${id}`],
  keyMode: 'random',
  disabledKeys: new Set(),
  pollingStart: 0,
  ...extra,
});

const ability = (
  channelId: number,
  priority: number,
  weight: number,
  model = 'gpt-4o',
  group = 'default',
) => ({
  group,
  model,
  channelId,
  priority,
  weight,
});

const selectorOver = (table: RoutingTable) => new ChannelSelector({ table: () => table } as RoutingCache);

describe('channel selection', () => {
  // Tier 10: channels 1 (weight 30 → 40) and 2 (weight 0 → 10); tier 5: channel 3; tier 0: channel 4.
  const table = RoutingTable.build(
    [channel(1), channel(2), channel(3), channel(4), channel(5, { status: 2 })],
    [ability(1, 10, 30), ability(2, 10, 0), ability(3, 5, 0), ability(4, 0, 0), ability(5, 10, 1000)],
  );
  const tiers = table.tiers('default', 'gpt-4o');

  it('groups enabled channels into priority tiers, highest first', () => {
    expect(tiers.map((tier) => tier.priority)).toEqual([10, 5, 0]);
    expect(tiers[0].members.map((member) => [member.channel.id, member.weight])).toEqual([
      [1, 40],
      [2, 10],
    ]);
  });

  it('follows weight + 10 inside a tier over 1,000 picks', () => {
    const selector = selectorOver(table);
    const counts = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const id = selector.pick('default', 'gpt-4o', 0)?.channel.id ?? 0;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([1, 2]);
    // Expected 800 : 200; binomial σ ≈ 13, so ±80 fails only on a broken draw.
    expect(counts.get(1)).toBeGreaterThan(720);
    expect(counts.get(1)).toBeLessThan(880);
  });

  it('draws by subtracting weights from r in [0, Σ)', () => {
    expect(pickChannel(tiers, 0, new Set(), () => 0)?.id).toBe(1);
    expect(pickChannel(tiers, 0, new Set(), () => 0.79)?.id).toBe(1);
    expect(pickChannel(tiers, 0, new Set(), () => 0.81)?.id).toBe(2);
  });

  it('moves down one tier per attempt and stays on the lowest', () => {
    const random = () => 0.5;
    expect(pickChannel(tiers, 1, new Set(), random)?.id).toBe(3);
    expect(pickChannel(tiers, 2, new Set(), random)?.id).toBe(4);
    expect(pickChannel(tiers, 7, new Set(), random)?.id).toBe(4);
  });

  it('skips channels that already failed, falling to lower tiers and then higher ones', () => {
    const random = () => 0;
    expect(pickChannel(tiers, 0, new Set([1]), random)?.id).toBe(2);
    expect(pickChannel(tiers, 0, new Set([1, 2]), random)?.id).toBe(3);
    expect(pickChannel(tiers, 2, new Set([4]), random)?.id).toBe(3);
    expect(pickChannel(tiers, 2, new Set([4, 3]), random)?.id).toBe(1);
    expect(pickChannel(tiers, 0, new Set([1, 2, 3, 4]), random)).toBeNull();
    const selector = selectorOver(table);
    for (let i = 0; i < 50; i++)
      expect(selector.pick('default', 'gpt-4o', 0, new Set([1]))?.channel.id).toBe(2);
  });

  it('answers null for a group or model nobody serves, and never picks a disabled channel', () => {
    const selector = selectorOver(table);
    expect(selector.pick('vip', 'gpt-4o', 0)).toBeNull();
    expect(selector.pick('default', 'gpt-5', 0)).toBeNull();
    expect(table.tiers('default', 'gpt-4o').flatMap((t) => t.members.map((m) => m.channel.id))).not.toContain(
      5,
    );
  });

  it('applies model_mapping for the upstream name, following chains and stopping at loops', () => {
    expect(mapModel({ 'gpt-4o': 'gpt-4o-2024-08-06' }, 'gpt-4o')).toBe('gpt-4o-2024-08-06');
    expect(mapModel({ a: 'b', b: 'c' }, 'a')).toBe('c');
    expect(mapModel({ a: 'b', b: 'a' }, 'a')).toBe('b');
    expect(mapModel({ a: '' }, 'a')).toBe('a');
    expect(mapModel({}, 'toString')).toBe('toString');
    const mapped = RoutingTable.build(
      [channel(1, { modelMapping: { 'gpt-4o': 'upstream-4o' } })],
      [ability(1, 0, 0)],
    );
    const selection = selectorOver(mapped).pick('default', 'gpt-4o', 0);
    expect(selection).toMatchObject({ upstreamModel: 'upstream-4o', modelMapped: true, key: 'key-1' });
    expect(selectorOver(table).pick('default', 'gpt-4o', 0)).toMatchObject({
      upstreamModel: 'gpt-4o',
      modelMapped: false,
    });
  });

  it('rotates the keys of a polling multi-key channel, skipping disabled ones', () => {
    const multi = channel(1, {
      keys: ['k0', 'k1', 'k2'],
      keyMode: 'polling',
      disabledKeys: new Set([1]),
      pollingStart: 2,
    });
    const selector = selectorOver(RoutingTable.build([multi], [ability(1, 0, 0)]));
    const keys = Array.from({ length: 4 }, () => selector.pick('default', 'gpt-4o', 0)?.key);
    expect(keys).toEqual(['k2', 'k0', 'k2', 'k0']);
  });

  it('picks random keys among the enabled ones and skips channels without a usable key', () => {
    const multi = channel(1, { keys: ['k0', 'k1', 'k2'], disabledKeys: new Set([0]) });
    expect(pickKeyIndex(multi, 0, () => 0)).toBe(1);
    expect(pickKeyIndex(multi, 0, () => 0.99)).toBe(2);
    const dead = channel(2, { keys: ['k0'], disabledKeys: new Set([0]) });
    expect(pickKeyIndex(dead, 0, () => 0)).toBeNull();
    const selector = selectorOver(
      RoutingTable.build([dead, channel(3)], [ability(2, 5, 0), ability(3, 0, 0)]),
    );
    expect(selector.pick('default', 'gpt-4o', 0)?.channel.id).toBe(3);
  });

  it('forces a channel by id for administrators regardless of abilities', () => {
    const selector = selectorOver(table);
    expect(selector.forced(4, 'anything').channel.id).toBe(4);
    expect(() => selector.forced(5, 'gpt-4o')).toThrow(expect.objectContaining({ code: 'channel_disabled' }));
    expect(() => selector.forced(99, 'gpt-4o')).toThrow(
      expect.objectContaining({ code: 'invalid_channel_id' }),
    );
  });
});
