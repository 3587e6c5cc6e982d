import type { AdminMessage } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import { useRecordEditor, type EditTarget } from '../../../shared/hooks/use-record-editor';
import { createMessage, fetchAdminMessage, updateMessage } from '../api';
import { toCreateRequest, toUpdateRequest, type MessageFormValues } from '../message-form';
import { ADMIN_MESSAGES_KEY } from './use-admin-messages';

const writeMessage = (values: MessageFormValues, editId: number | null): Promise<AdminMessage> =>
  editId === null ? createMessage(toCreateRequest(values)) : updateMessage(editId, toUpdateRequest(values));

/** Loads the message being edited and saves the drawer (send, or change title, content and format). */
export function useMessageEditor(target: EditTarget | null, onSaved: () => void) {
  const { t } = useTranslation();
  return useRecordEditor(target, onSaved, {
    listKey: ADMIN_MESSAGES_KEY,
    fetchOne: fetchAdminMessage,
    write: writeMessage,
    savedText: (saved, editId) =>
      editId === null
        ? t('messages.admin.created', { count: saved.stats.total_recipients })
        : t('messages.admin.updated'),
  });
}
