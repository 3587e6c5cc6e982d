import type { AdminMessage } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListMutation } from '../../../shared/hooks/use-list-mutation';
import { deleteMessage } from '../api';
import { ADMIN_MESSAGES_KEY } from './use-admin-messages';

/** Deleting a message, asked first. */
export function useMessageActions() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const remove = useListMutation(
    ADMIN_MESSAGES_KEY,
    (item: AdminMessage) => deleteMessage(item.id),
    () => t('messages.admin.deleted'),
  );
  return {
    confirmDelete: (item: AdminMessage): void => {
      modal.confirm({
        title: t('messages.admin.deleteTitle', { title: item.title }),
        content: t('messages.admin.deleteHint'),
        okButtonProps: { danger: true },
        onOk: () => remove.mutateAsync(item).catch(() => undefined),
      });
    },
  };
}
