import { Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../status/hooks/use-status';
import { useSelf } from '../hooks/use-self';
import { RoleTag } from './RoleTag';

export function AccountSummary() {
  const { t } = useTranslation();
  const { data: user, isLoading } = useSelf();
  const { data: status } = useStatus();

  return (
    <Card title={t('account.summaryTitle')}>
      {user ? (
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'username', label: t('account.username'), children: user.username },
            { key: 'display', label: t('account.displayName'), children: user.display_name || user.username },
            { key: 'role', label: t('account.role'), children: <RoleTag role={user.role} /> },
            { key: 'group', label: t('account.group'), children: user.group },
            { key: 'quota', label: t('account.quota'), children: formatQuota(user.quota, status) },
            { key: 'used', label: t('account.usedQuota'), children: formatQuota(user.used_quota, status) },
            { key: 'requests', label: t('account.requestCount'), children: formatNumber(user.request_count) },
          ]}
        />
      ) : (
        <Skeleton active loading={isLoading} />
      )}
    </Card>
  );
}
