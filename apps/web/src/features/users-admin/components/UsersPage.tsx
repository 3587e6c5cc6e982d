import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('usersAdmin.title')}
      </Typography.Title>
      <Card>
        <UsersToolbar onSearch={users.search} onAdd={() => setAdding(true)} />
        <UsersTable
          data={users.data}
          isLoading={users.isLoading}
          page={users.page}
          pageSize={users.pageSize}
          onPageChange={users.changePage}
          actions={actions}
          onEdit={(user) => setEditing(user.id)}
        />
      </Card>
      <AddUserDrawer open={adding} onClose={() => setAdding(false)} />
      <EditUserDrawer id={editTarget} onClose={closeEdit} />
    </Flex>
  );
}
