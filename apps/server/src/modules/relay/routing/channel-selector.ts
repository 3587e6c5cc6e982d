import { Injectable } from '@nestjs/common';
import { ChannelStatus } from '@tollgate/contracts';
import { relayError } from '../errors/relay-errors';
import { RoutingCache } from './routing-cache';
import { type RoutedChannel, type Tier } from './routing-table';

/** The channel, key and upstream model name one attempt uses. */
export interface Selection {
  channel: RoutedChannel;
  key: string;
  keyIndex: number;
  /** The name sent upstream after the channel's model_mapping; pricing and logs keep the requested one. */
  upstreamModel: string;
  modelMapped: boolean;
}

export type Random = () => number;

/**
 * Reference §2.2: attempt i uses priority tier i (clamped to the lowest); inside it a weighted draw. Channels
 * already tried are skipped; when a whole tier is spent the next lower tiers, then the higher ones, are tried.
 */
export function pickChannel(
  tiers: readonly Tier[],
  attempt: number,
  exclude: ReadonlySet<number>,
  random: Random,
): RoutedChannel | null {
  if (tiers.length === 0) return null;
  const start = Math.min(Math.max(attempt, 0), tiers.length - 1);
  const order = [...tiers.slice(start), ...tiers.slice(0, start).reverse()];
  for (const tier of order) {
    const members = tier.members.filter((member) => !exclude.has(member.channel.id));
    if (members.length === 0) continue;
    const total = members.reduce((sum, member) => sum + member.weight, 0);
    let draw = random() * total;
    for (const member of members) {
      draw -= member.weight;
      if (draw < 0) return member.channel;
    }
    return members[members.length - 1].channel;
  }
  return null;
}

/** model_mapping followed to its end (a → b → c); a loop stops at the last name before it repeats. */
export function mapModel(mapping: Readonly<Record<string, string>>, model: string): string {
  const seen = new Set([model]);
  let current = model;
  for (;;) {
    const next = Object.hasOwn(mapping, current) ? mapping[current] : undefined;
    if (next === undefined || next === '' || seen.has(next)) return current;
    seen.add(next);
    current = next;
  }
}

/** Index of the key to use: uniform among enabled keys, or the next enabled one from `from` (polling). */
export function pickKeyIndex(channel: RoutedChannel, from: number, random: Random): number | null {
  const size = channel.keys.length;
  const enabled = channel.keys.map((_, index) => index).filter((index) => !channel.disabledKeys.has(index));
  if (enabled.length === 0) return null;
  if (channel.keyMode === 'random') return enabled[Math.floor(random() * enabled.length)];
  for (let step = 0; step < size; step++) {
    const index = (((from + step) % size) + size) % size;
    if (!channel.disabledKeys.has(index)) return index;
  }
  return null;
}

/** Picks channels and keys from the in-memory routing table; polling positions are kept per replica. */
@Injectable()
export class ChannelSelector {
  private readonly polling = new Map<number, number>();
  private readonly random: Random = Math.random;

  constructor(private readonly routing: RoutingCache) {}

  /** null when no untried channel with a usable key serves the model in the group. */
  pick(
    group: string,
    model: string,
    attempt: number,
    exclude: ReadonlySet<number> = new Set(),
  ): Selection | null {
    const tiers = this.routing.table().tiers(group, model);
    const skipped = new Set(exclude);
    for (;;) {
      const channel = pickChannel(tiers, attempt, skipped, this.random);
      if (!channel) return null;
      const selection = this.select(channel, model);
      if (selection) return selection;
      skipped.add(channel.id);
    }
  }

  /** An administrator's `sk-<key>-<id>`: that channel whatever its abilities (reference §1.4). */
  forced(channelId: number, model: string): Selection {
    const channel = this.routing.table().channel(channelId);
    if (!channel) throw relayError('invalid_channel_id');
    if (channel.status !== ChannelStatus.Enabled) throw relayError('channel_disabled');
    const selection = this.select(channel, model);
    if (!selection) throw relayError('channel_disabled');
    return selection;
  }

  private select(channel: RoutedChannel, model: string): Selection | null {
    const keyIndex = pickKeyIndex(channel, this.polling.get(channel.id) ?? channel.pollingStart, this.random);
    if (keyIndex === null) return null;
    if (channel.keyMode === 'polling') this.polling.set(channel.id, (keyIndex + 1) % channel.keys.length);
    const upstreamModel = mapModel(channel.modelMapping, model);
    return {
      channel,
      key: channel.keys[keyIndex],
      keyIndex,
      upstreamModel,
      modelMapped: upstreamModel !== model,
    };
  }
}
