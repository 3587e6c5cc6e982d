import type { ChannelOpsKind } from './api';

export const channelKeys = {
  all: ['channels'] as const,
  lists: () => [...channelKeys.all, 'list'] as const,
  /** One view of the table; the shared paged list adds the page and search terms. */
  list: (view: { tagMode: boolean; idSort: boolean }) => [...channelKeys.lists(), view] as const,
  detail: (id: number) => [...channelKeys.all, 'detail', id] as const,
  knownModels: () => [...channelKeys.all, 'known-models'] as const,
  enabledModels: () => [...channelKeys.all, 'enabled-models'] as const,
  groups: () => [...channelKeys.all, 'groups'] as const,
  runProgress: (kind: ChannelOpsKind) => [...channelKeys.all, 'run-progress', kind] as const,
};
