import { UserStatus, type AdminUser } from '@tollgate/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §4: activated or banned; a cancelled (deleted) user shows as cancelled whatever its status. */
export function UserStatusTag({ user }: { user: Pick<AdminUser, 'status' | 'DeletedAt'> }) {
  const { t } = useTranslation();
  if (user.DeletedAt) return <Tag>{t('usersAdmin.status.cancelled')}</Tag>;
  switch (user.status) {
    case UserStatus.Enabled:
      return <Tag color="green">{t('usersAdmin.status.enabled')}</Tag>;
    case UserStatus.Disabled:
      return <Tag color="red">{t('usersAdmin.status.disabled')}</Tag>;
    default:
      return <Tag color="default">{t('usersAdmin.status.other')}</Tag>;
  }
}
