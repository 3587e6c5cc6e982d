import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { useUserActions } from '../hooks/use-user-actions';
import { useUsers } from '../hooks/use-users';
import { AddUserDrawer } from './AddUserDrawer';
import { EditUserDrawer } from './EditUserDrawer';
import { UsersTable } from './UsersTable';
import { UsersToolbar } from './UsersToolbar';

interface UsersPageProps {
  /** A user to edit at once (from /user/edit/{id}). */
  editId?: number;
  onEditDone: () => void;
}

/** /admin/users: search, paged table, add and edit drawers, row actions. */
export function UsersPage({ editId, onEditDone }: UsersPageProps) {
  const { t } = useTranslation();
  const users = useUsers();
  const actions = useUserActions();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const editTarget = editing ?? editId ?? null;

  const closeEdit = (): void => {
    setEditing(null);
    if (editId !== undefined) onEditDone();
  };

  return (
    <ConsolePage title={t('usersAdmin.title')}>
      <Card>
        <UsersToolbar onSearch={users.search} onAdd={() => setAdding(true)} />
        <UsersTable users={users} actions={actions} onEdit={(user) => setEditing(user.id)} />
      </Card>
      <AddUserDrawer open={adding} onClose={() => setAdding(false)} />
      <EditUserDrawer id={editTarget} onClose={closeEdit} />
    </ConsolePage>
  );
}
