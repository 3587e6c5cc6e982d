import { isAdmin, isRoot } from '@tollgate/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §6: super administrators in red. */
export function RoleTag({ role }: { role: number }) {
  const { t } = useTranslation();
  if (isRoot(role)) return <Tag color="red">{t('usersAdmin.roles.root')}</Tag>;
  if (isAdmin(role)) return <Tag color="gold">{t('usersAdmin.roles.admin')}</Tag>;
  return <Tag color="blue">{t('usersAdmin.roles.common')}</Tag>;
}
