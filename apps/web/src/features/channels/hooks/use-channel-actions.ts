import {
  ChannelStatus,
  channelPriorityIssue,
  channelWeightIssue,
  parseFormInteger,
} from '@tollgate/contracts';
import { App } from 'antd';
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
import { useIssueText } from './use-issue-text';

type NumberField = 'priority' | 'weight';

/** Row and bulk actions of the channel list; each reports its outcome and reloads the list. */
export function useChannelActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const issueText = useIssueText();

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

  /**
   * Inline priority/weight edits: refused with the spec's message unless a (fitting) integer. Resolves false
   * when refused or failed, so the cell shows the stored value again.
   */
  const setNumber = (id: number, field: NumberField, value: unknown): Promise<boolean> => {
    const issue = field === 'priority' ? channelPriorityIssue(value) : channelWeightIssue(value);
    if (issue) {
      void message.error(issueText(issue));
      return Promise.resolve(false);
    }
    return succeeded(number.mutateAsync({ id, field, value: parseFormInteger(value) ?? 0 }));
  };

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
