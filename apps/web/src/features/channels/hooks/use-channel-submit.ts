import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { addChannels, updateChannel } from '../api';
import type { ChannelEditorTarget } from '../channel-editor-target';
import {
  type ChannelFormValues,
  addRequestOf,
  endsWithV1,
  formIssue,
  updateRequestOf,
} from '../channel-form';
import { channelKeys } from '../query-keys';
import { useIssueText } from './use-issue-text';

interface StoredKeyState {
  /** Editing a channel whose key is stored: an empty key keeps it. */
  keyStored: boolean;
  multiKey: boolean;
}

/**
 * Saves the drawer: the spec's checks first (same rules as the server), a confirmation for a base URL ending
 * in /v1, then create or update. Resolves true once saved.
 */
export function useChannelSubmit(target: ChannelEditorTarget | null, stored: StoredKeyState) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const issueText = useIssueText();

  const mutation = useMutation({
    mutationFn: async (values: ChannelFormValues): Promise<number> => {
      if (target?.kind === 'edit') {
        await updateChannel(updateRequestOf(target.id, values, stored.multiKey));
        return 1;
      }
      return (await addChannels(addRequestOf(values))).ids.length;
    },
    onSuccess: async (count) => {
      if (target?.kind === 'edit') {
        void message.success(t('channels.messages.updated'));
        await queryClient.invalidateQueries({ queryKey: channelKeys.detail(target.id) });
      } else {
        void message.success(
          count > 1 ? t('channels.messages.createdMany', { count }) : t('channels.messages.created'),
        );
      }
      await queryClient.invalidateQueries({ queryKey: channelKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: channelKeys.enabledModels() });
    },
    onError: (error) => void message.error(error.message),
  });

  const confirmV1 = (): Promise<boolean> =>
    new Promise((resolve) => {
      modal.confirm({
        title: t('channels.form.baseUrlV1Title'),
        content: t('channels.form.baseUrlV1Content'),
        okText: t('channels.confirm.ok'),
        cancelText: t('channels.confirm.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submit = async (values: ChannelFormValues): Promise<boolean> => {
    const issue = formIssue(values, stored.keyStored);
    if (issue) {
      void message.error(issueText(issue));
      return false;
    }
    if (endsWithV1(values.base_url) && !(await confirmV1())) return false;
    try {
      await mutation.mutateAsync(values);
      return true;
    } catch {
      return false;
    }
  };

  return { submit, isSaving: mutation.isPending };
}
