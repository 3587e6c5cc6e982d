import { ChannelStatus } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import {
  deleteChannel,
  deleteChannels,
  deleteDisabledChannels,
  fixChannelAbilities,
  setChannelsTag,
  updateChannel,
} from '../api';
import { settled, succeeded } from './promise-outcome';
import { useChannelMutation } from './use-channel-mutation';

type NumberField = 'priority' | 'weight';

/** Row and bulk actions of the channel list; each reports its outcome and reloads the list. */
export function useChannelActions() {
  const { t } = useTranslation();

  const status = useChannelMutation(
    ({ id, enabled }: { id: number; enabled: boolean }) =>
      updateChannel({ id, status: enabled ? ChannelStatus.Enabled : ChannelStatus.ManuallyDisabled }),
    (_result, { enabled }) =>
      t(enabled ? 'channels.messages.statusEnabled' : 'channels.messages.statusDisabled'),
  );
  const number = useChannelMutation(
    ({ id, field, value }: { id: number; field: NumberField; value: number }) =>
      updateChannel({ id, [field]: value }),
    (_result, { field }) =>
      t(field === 'priority' ? 'channels.messages.priorityUpdated' : 'channels.messages.weightUpdated'),
  );
  const remove = useChannelMutation(deleteChannel, () => t('channels.messages.deleted'));
  const removeMany = useChannelMutation(deleteChannels, (count) =>
    t('channels.messages.batchDeleted', { count }),
  );
  const removeDisabled = useChannelMutation(deleteDisabledChannels, (count) =>
    t('channels.messages.disabledDeleted', { count }),
  );
  const fix = useChannelMutation(fixChannelAbilities, (count) => t('channels.messages.fixed', { count }));
  const tag = useChannelMutation(setChannelsTag, (_result, { ids }) =>
    t('channels.messages.batchTagged', { count: ids.length }),
  );

  /** Inline priority/weight edits (the cell has checked them); resolves false when the save failed. */
  const setNumber = (id: number, field: NumberField, value: number): Promise<boolean> =>
    succeeded(number.mutateAsync({ id, field, value }));

  return {
    setEnabled: (id: number, enabled: boolean) => status.mutate({ id, enabled }),
    setNumber,
    remove: (id: number) => remove.mutate(id),
    removeMany: (ids: number[]) => settled(removeMany.mutateAsync(ids)),
    removeDisabled: () => settled(removeDisabled.mutateAsync()),
    fix: () => settled(fix.mutateAsync()),
    setTag: (ids: number[], value: string) => succeeded(tag.mutateAsync({ ids, tag: value })),
    isBusy:
      status.isPending ||
      number.isPending ||
      remove.isPending ||
      removeMany.isPending ||
      removeDisabled.isPending ||
      fix.isPending ||
      tag.isPending,
  };
}
