import { Role, isAdmin, isRoot } from '@tollgate/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function RoleTag({ role }: { role: number }) {
  const { t } = useTranslation();
  if (isRoot(role)) return <Tag color="red">{t('account.roleRoot')}</Tag>;
  if (isAdmin(role)) return <Tag color="orange">{t('account.roleAdmin')}</Tag>;
  return <Tag color={role >= Role.Common ? 'blue' : 'default'}>{t('account.roleUser')}</Tag>;
}
