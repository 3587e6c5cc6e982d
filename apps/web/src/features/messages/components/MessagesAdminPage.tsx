import type { AdminMessage } from '@tollgate/contracts';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import type { EditTarget } from '../../../shared/hooks/use-record-editor';
import { useAdminMessages } from '../hooks/use-admin-messages';
import { useMessageActions } from '../hooks/use-message-actions';
import { MessageDrawer } from './MessageDrawer';
import { MessagesTable } from './MessagesTable';
import { MessagesToolbar } from './MessagesToolbar';
import { RecipientsModal } from './RecipientsModal';

/** /admin/messages: sent messages, search, send and edit drawers, who read what. */
export function MessagesAdminPage() {
  const { t } = useTranslation();
  const list = useAdminMessages();
  const actions = useMessageActions();
  const [target, setTarget] = useState<EditTarget | null>(null);
  const [recipientsOf, setRecipientsOf] = useState<AdminMessage | null>(null);

  return (
    <ConsolePage title={t('messages.admin.title')}>
      <Card>
        <MessagesToolbar onSearch={list.search} onCreate={() => setTarget({ mode: 'create' })} />
        <MessagesTable
          list={list}
          onEdit={(item) => setTarget({ mode: 'edit', id: item.id })}
          onRecipients={setRecipientsOf}
          onDelete={actions.confirmDelete}
        />
      </Card>
      <MessageDrawer target={target} onClose={() => setTarget(null)} />
      <RecipientsModal message={recipientsOf} onClose={() => setRecipientsOf(null)} />
    </ConsolePage>
  );
}
