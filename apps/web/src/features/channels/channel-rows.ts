import { ChannelStatus, type ChannelView, splitCommaList } from '@tollgate/contracts';

export interface ChannelRow {
  kind: 'channel';
  id: number;
  channel: ChannelView;
}

/** Tag mode: one row per tag holding its channels; tag-wide actions work on `tag`. */
export interface TagRow {
  kind: 'tag';
  id: string;
  tag: string;
  children: ChannelRow[];
  enabledCount: number;
  groups: string[];
  types: number[];
  /** The value shared by the tag's channels (the first one's when they differ). */
  priority: number;
  weight: number;
}

export type ChannelTableRow = ChannelRow | TagRow;

const channelRow = (channel: ChannelView): ChannelRow => ({ kind: 'channel', id: channel.id, channel });

const union = (lists: string[][]): string[] => [...new Set(lists.flat())];

function tagRow(tag: string, channels: ChannelView[]): TagRow {
  const [first] = channels;
  return {
    kind: 'tag',
    id: `tag:${tag}`,
    tag,
    children: channels.map(channelRow),
    enabledCount: channels.filter((channel) => channel.status === ChannelStatus.Enabled).length,
    groups: union(channels.map((channel) => splitCommaList(channel.group))),
    types: [...new Set(channels.map((channel) => channel.type))],
    priority: first?.priority ?? 0,
    weight: first?.weight ?? 0,
  };
}

/**
 * In tag mode the server pages over tags and returns every channel of the page's tags: channels sharing a
 * tag become one expandable row, at the place of the tag's first channel; untagged channels stay rows.
 */
export function buildRows(items: ChannelView[], tagMode: boolean): ChannelTableRow[] {
  if (!tagMode) return items.map(channelRow);
  const byTag = new Map<string, ChannelView[]>();
  const order: Array<ChannelView | string> = [];
  for (const channel of items) {
    if (!channel.tag) {
      order.push(channel);
      continue;
    }
    const group = byTag.get(channel.tag);
    if (group) group.push(channel);
    else {
      byTag.set(channel.tag, [channel]);
      order.push(channel.tag);
    }
  }
  return order.map((entry) =>
    typeof entry === 'string' ? tagRow(entry, byTag.get(entry) ?? []) : channelRow(entry),
  );
}

/** Selected rows → channel ids (a tag row stands for its channels, which are selected with it). */
export const selectedChannelIds = (rows: readonly ChannelTableRow[]): number[] =>
  rows.flatMap((row) => (row.kind === 'channel' ? [row.id] : []));
