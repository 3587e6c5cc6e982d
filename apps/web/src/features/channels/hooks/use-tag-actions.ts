import {
  type ChannelTagEditRequest,
  channelPriorityIssue,
  channelWeightIssue,
  parseFormInteger,
} from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { editTag, setTagEnabled } from '../api';
import { settled, succeeded } from './promise-outcome';
import { useChannelMutation } from './use-channel-mutation';
import { useIssueText } from './use-issue-text';

type NumberField = 'priority' | 'weight';

/** Tag-wide actions of tag mode: they apply to every channel carrying the tag. */
export function useTagActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const issueText = useIssueText();

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

  /** Priority or weight of every channel of the tag; resolves false when refused or failed. */
  const setNumber = (tag: string, field: NumberField, value: unknown): Promise<boolean> => {
    const issue = field === 'priority' ? channelPriorityIssue(value) : channelWeightIssue(value);
    if (issue) {
      void message.error(issueText(issue));
      return Promise.resolve(false);
    }
    return succeeded(number.mutateAsync({ tag, field, value: parseFormInteger(value) ?? 0 }));
  };

  return {
    setEnabled: (tag: string, enabled: boolean) => settled(status.mutateAsync({ tag, enabled })),
    setNumber,
    /** Resolves true once saved, so the dialog knows whether to close. */
    edit: (body: ChannelTagEditRequest) => succeeded(edit.mutateAsync(body)),
    isEditing: edit.isPending,
  };
}
