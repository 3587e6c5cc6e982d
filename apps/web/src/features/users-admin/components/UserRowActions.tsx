import { Role, UserStatus, isAdmin, isRoot, type AdminUser } from '@tollgate/contracts';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useUserActions } from '../hooks/use-user-actions';

interface UserRowActionsProps {
  user: AdminUser;
  actions: ReturnType<typeof useUserActions>;
  onEdit: (user: AdminUser) => void;
}

/** Moves the server would refuse are greyed out here (spec §4, §6); a cancelled user has none. */
export function UserRowActions({ user, actions, onEdit }: UserRowActionsProps) {
  const { t } = useTranslation();
  if (user.DeletedAt) return null;
  const busy = actions.pendingId === user.id;
  const root = isRoot(user.role);
  const enabled = user.status === UserStatus.Enabled;

  return (
    <Space size={0} wrap>
      <Button
        type="link"
        size="small"
        disabled={busy || isAdmin(user.role)}
        onClick={() => actions.confirm(user, 'promote')}
      >
        {t('usersAdmin.actions.promote')}
      </Button>
      <Button
        type="link"
        size="small"
        disabled={busy || root || user.role <= Role.Common}
        onClick={() => actions.confirm(user, 'demote')}
      >
        {t('usersAdmin.actions.demote')}
      </Button>
      {enabled ? (
        <Button
          type="link"
          size="small"
          danger
          disabled={busy || root}
          onClick={() => actions.confirm(user, 'disable')}
        >
          {t('usersAdmin.actions.disable')}
        </Button>
      ) : (
        <Button
          type="link"
          size="small"
          disabled={busy || user.status === UserStatus.Other}
          onClick={() => actions.confirm(user, 'enable')}
        >
          {t('usersAdmin.actions.enable')}
        </Button>
      )}
      <Button type="link" size="small" onClick={() => onEdit(user)}>
        {t('usersAdmin.actions.edit')}
      </Button>
      <Button
        type="link"
        size="small"
        danger
        disabled={busy || root}
        onClick={() => actions.confirm(user, 'delete')}
      >
        {t('usersAdmin.actions.delete')}
      </Button>
    </Space>
  );
}
