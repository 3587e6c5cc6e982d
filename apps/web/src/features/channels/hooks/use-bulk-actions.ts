import { channelIssue } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useChannelActions } from './use-channel-actions';
import { useIssueText } from './use-issue-text';

type ChannelActions = ReturnType<typeof useChannelActions>;

/**
 * The toolbar's bulk actions: a selection check with the spec's message where one is needed, a confirmation
 * for every deletion and repair, then the action (whose hook reports the count).
 */
export function useBulkActions(actions: ChannelActions, selectedIds: number[], clearSelection: () => void) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const issueText = useIssueText();

  const confirm = (title: string, content: string, run: () => Promise<void>, danger = true): void => {
    modal.confirm({
      title,
      content,
      okText: t('channels.confirm.ok'),
      cancelText: t('channels.confirm.cancel'),
      okButtonProps: { danger },
      onOk: run,
    });
  };

  /** Opens the batch tag dialog (`open`) only when channels are selected. */
  const startBatchTag = (open: () => void): void => {
    if (selectedIds.length === 0) void message.error(issueText(channelIssue('batch_tag_no_selection')));
    else open();
  };

  const batchDelete = (): void => {
    if (selectedIds.length === 0) {
      void message.error(issueText(channelIssue('delete_no_selection')));
      return;
    }
    const ids = [...selectedIds];
    confirm(
      t('channels.confirm.batchDeleteTitle'),
      t('channels.confirm.batchDeleteContent', { count: ids.length }),
      async () => {
        await actions.removeMany(ids);
        clearSelection();
      },
    );
  };

  const deleteDisabled = (): void =>
    confirm(
      t('channels.confirm.deleteDisabledTitle'),
      t('channels.confirm.deleteDisabledContent'),
      async () => {
        await actions.removeDisabled();
        clearSelection();
      },
    );

  const fix = (): void =>
    confirm(t('channels.confirm.fixTitle'), t('channels.confirm.fixContent'), actions.fix, false);

  /** Resolves true once tagged. */
  const batchTag = async (tag: string): Promise<boolean> => {
    const done = await actions.setTag(selectedIds, tag);
    if (done) clearSelection();
    return done;
  };

  return { startBatchTag, batchDelete, deleteDisabled, fix, batchTag };
}
