import type { ChannelTagEditRequest } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import { editTag, setTagEnabled } from '../api';
import { settled, succeeded } from './promise-outcome';
import { useChannelMutation } from './use-channel-mutation';

type NumberField = 'priority' | 'weight';

/** Tag-wide actions of tag mode: they apply to every channel carrying the tag. */
export function useTagActions() {
  const { t } = useTranslation();

  const status = useChannelMutation(
    ({ tag, enabled }: { tag: string; enabled: boolean }) => setTagEnabled(tag, enabled),
    (_count, { tag, enabled }) =>
      t(enabled ? 'channels.messages.tagEnabled' : 'channels.messages.tagDisabled', { tag }),
  );
  const number = useChannelMutation(
    ({ tag, field, value }: { tag: string; field: NumberField; value: number }) =>
      editTag({ tag, [field]: value }),
    (_count, { tag, field }) =>
      t(
        field === 'priority' ? 'channels.messages.tagPriorityUpdated' : 'channels.messages.tagWeightUpdated',
        {
          tag,
        },
      ),
  );
  const edit = useChannelMutation(editTag, () => t('channels.messages.tagEdited'));

  /** Priority or weight of every channel of the tag (the cell has checked it); resolves false when that failed. */
  const setNumber = (tag: string, field: NumberField, value: number): Promise<boolean> =>
    succeeded(number.mutateAsync({ tag, field, value }));

  return {
    setEnabled: (tag: string, enabled: boolean) => settled(status.mutateAsync({ tag, enabled })),
    setNumber,
    /** Resolves true once saved, so the dialog knows whether to close. */
    edit: (body: ChannelTagEditRequest) => succeeded(edit.mutateAsync(body)),
    isEditing: edit.isPending,
  };
}
