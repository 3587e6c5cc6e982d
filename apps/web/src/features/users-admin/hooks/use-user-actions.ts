import type { AdminUser, UserManageAction } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListMutation } from '../../../shared/hooks/use-list-mutation';
import { manageUser } from '../api';
import { USERS_KEY } from './use-users';

interface ManageVariables {
  user: AdminUser;
  action: UserManageAction;
}

/** Row actions (promote, demote, disable, enable, delete), each confirmed first. */
export function useUserActions() {
  const { modal } = App.useApp();
  const { t } = useTranslation();

  const mutation = useListMutation(
    USERS_KEY,
    ({ user, action }: ManageVariables) => manageUser({ id: user.id, action }),
    () => t('usersAdmin.messages.managed'),
  );

  const confirm = (user: AdminUser, action: UserManageAction): void => {
    modal.confirm({
      title: t(`usersAdmin.confirm.${action}.title`, { username: user.username }),
      content: t(`usersAdmin.confirm.${action}.content`),
      okText: t(`usersAdmin.actions.${action}`),
      cancelText: t('usersAdmin.cancel'),
      okButtonProps: { danger: action === 'delete' || action === 'disable' },
      onOk: () => mutation.mutateAsync({ user, action }).catch(() => undefined),
    });
  };

  return {
    confirm,
    pendingId: mutation.isPending ? mutation.variables.user.id : null,
  };
}
