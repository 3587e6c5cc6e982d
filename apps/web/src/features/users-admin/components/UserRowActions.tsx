import {
  Role,
  UserStatus,
  isAdmin,
  isRoot,
  type AdminUser,
  type UserManageAction,
} from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import { RowActions, type RowAction } from '../../../shared/components/RowActions';
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
  const confirm = (action: UserManageAction) => () => actions.confirm(user, action);

  const switchStatus: RowAction =
    user.status === UserStatus.Enabled
      ? {
          label: t('usersAdmin.actions.disable'),
          danger: true,
          disabled: busy || root,
          onClick: confirm('disable'),
        }
      : {
          label: t('usersAdmin.actions.enable'),
          disabled: busy || user.status === UserStatus.Other,
          onClick: confirm('enable'),
        };

  return (
    <RowActions
      wrap
      actions={[
        {
          label: t('usersAdmin.actions.promote'),
          disabled: busy || isAdmin(user.role),
          onClick: confirm('promote'),
        },
        {
          label: t('usersAdmin.actions.demote'),
          disabled: busy || root || user.role <= Role.Common,
          onClick: confirm('demote'),
        },
        switchStatus,
        { label: t('usersAdmin.actions.edit'), onClick: () => onEdit(user) },
        {
          label: t('usersAdmin.actions.delete'),
          danger: true,
          disabled: busy || root,
          onClick: confirm('delete'),
        },
      ]}
    />
  );
}
