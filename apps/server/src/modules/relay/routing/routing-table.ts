import { type ChannelInfo, ChannelStatus, channelTypeInfo, type MultiKeyMode } from '@tollgate/contracts';
import { type RoutingAbilityRow, type RoutingChannelRow } from '../../channels/routing-snapshot';

/** A channel as the relay uses it: JSON fields parsed, base URL resolved, keys open (memory only). */
export interface RoutedChannel {
  id: number;
  name: string;
  type: number;
  status: number;
  /** No trailing slash; the type's default when the channel has none. */
  baseUrl: string;
  organization: string;
  other: string;
  modelMapping: Readonly<Record<string, string>>;
  statusCodeMapping: Readonly<Record<string, string>>;
  paramOverride: Readonly<Record<string, unknown>>;
  headerOverride: Readonly<Record<string, unknown>>;
  setting: Readonly<Record<string, unknown>>;
  autoBan: boolean;
  createdTime: number;
  keys: readonly string[];
  keyMode: MultiKeyMode;
  /** Indexes of keys switched off in a multi-key channel. */
  disabledKeys: ReadonlySet<number>;
  /** Where polling rotation starts (multi_key_polling_index). */
  pollingStart: number;
}

export interface WeightedChannel {
  channel: RoutedChannel;
  /** The ability weight + 10, so weight-0 channels still get traffic (reference §2.2). */
  weight: number;
}

/** The channels of one priority value for a group × model. */
export interface Tier {
  priority: number;
  members: readonly WeightedChannel[];
}

const WEIGHT_FLOOR = 10;

/** A JSON object column; anything else (empty, invalid, not an object) reads as {}. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const stringValues = (record: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

/** The row plus its opened keys as the picker needs them. */
export function toRoutedChannel(row: RoutingChannelRow, keys: readonly string[]): RoutedChannel {
  const info = parseJsonObject(row.channelInfo) as Partial<ChannelInfo>;
  const disabledKeys = Object.entries(info.multi_key_status_list ?? {})
    .filter(([, status]) => status !== ChannelStatus.Enabled)
    .map(([index]) => Number(index));
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    baseUrl: (row.baseUrl || channelTypeInfo(row.type)?.defaultBaseUrl || '').replace(/\/+$/, ''),
    organization: row.openaiOrganization,
    other: row.other,
    modelMapping: stringValues(parseJsonObject(row.modelMapping)),
    statusCodeMapping: stringValues(parseJsonObject(row.statusCodeMapping)),
    paramOverride: parseJsonObject(row.paramOverride),
    headerOverride: parseJsonObject(row.headerOverride),
    setting: parseJsonObject(row.setting),
    autoBan: row.autoBan === 1,
    createdTime: row.createdTime,
    keys,
    keyMode: info.multi_key_mode === 'polling' ? 'polling' : 'random',
    disabledKeys: new Set(disabledKeys),
    pollingStart: Number.isInteger(info.multi_key_polling_index) ? (info.multi_key_polling_index ?? 0) : 0,
  };
}

/** group → model → priority tiers (highest first) of enabled channels; immutable, swapped whole on reload. */
export class RoutingTable {
  private constructor(
    private readonly byId: ReadonlyMap<number, RoutedChannel>,
    private readonly routes: ReadonlyMap<string, ReadonlyMap<string, readonly Tier[]>>,
  ) {}

  static empty(): RoutingTable {
    return new RoutingTable(new Map(), new Map());
  }

  static build(channels: readonly RoutedChannel[], abilities: readonly RoutingAbilityRow[]): RoutingTable {
    const byId = new Map(channels.map((channel) => [channel.id, channel]));
    const grouped = new Map<string, Map<string, Map<number, WeightedChannel[]>>>();
    for (const ability of abilities) {
      const channel = byId.get(ability.channelId);
      if (channel?.status !== ChannelStatus.Enabled) continue;
      const models = grouped.get(ability.group) ?? new Map<string, Map<number, WeightedChannel[]>>();
      grouped.set(ability.group, models);
      const tiers = models.get(ability.model) ?? new Map<number, WeightedChannel[]>();
      models.set(ability.model, tiers);
      const members = tiers.get(ability.priority) ?? [];
      tiers.set(ability.priority, members);
      members.push({ channel, weight: Math.max(0, ability.weight) + WEIGHT_FLOOR });
    }
    const routes = new Map(
      [...grouped].map(([group, models]) => [
        group,
        new Map([...models].map(([model, tiers]) => [model, sortTiers(tiers)])),
      ]),
    );
    return new RoutingTable(byId, routes);
  }

  channel(id: number): RoutedChannel | undefined {
    return this.byId.get(id);
  }

  tiers(group: string, model: string): readonly Tier[] {
    return this.routes.get(group)?.get(model) ?? [];
  }

  /** Every model some enabled channel serves → the groups it is served in (the price list's view), sorted. */
  groupsByModel(): Map<string, string[]> {
    const byModel = new Map<string, string[]>();
    for (const [group, models] of this.routes) {
      for (const model of models.keys()) byModel.set(model, [...(byModel.get(model) ?? []), group]);
    }
    for (const groups of byModel.values()) groups.sort();
    return new Map([...byModel].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  /** Models some enabled channel serves in the group, sorted. */
  models(group: string): string[] {
    return [...(this.routes.get(group)?.keys() ?? [])].sort();
  }
}

function sortTiers(tiers: Map<number, WeightedChannel[]>): Tier[] {
  return [...tiers]
    .sort(([a], [b]) => b - a)
    .map(([priority, members]) => ({
      priority,
      members: members.sort((a, b) => a.channel.id - b.channel.id),
    }));
}
