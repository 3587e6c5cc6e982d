import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota, formatQuotaExact } from '../../../lib/format-quota';
import { RoleTag } from '../../../shared/components/RoleTag';
import { useStatus } from '../../../shared/status/use-status';
import { fetchLogUser } from '../api';

interface UserInfoModalProps {
  userId: number;
  onClose: () => void;
}

/** Spec 001 §2: an administrator clicking a username in the logs sees who that is (GET /api/user/{id}). */
export function UserInfoModal({ userId, onClose }: UserInfoModalProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const query = useQuery({ queryKey: ['logs', 'user', userId], queryFn: () => fetchLogUser(userId) });
  const user = query.data;

  return (
    <Modal open title={t('logs.userInfo.title')} footer={null} onCancel={onClose}>
      {query.error && <Alert type="error" showIcon title={query.error.message} />}
      {query.isLoading && <Skeleton active />}
      {user && (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            {
              key: 'username',
              label: t('logs.userInfo.username'),
              children: `${user.username} (#${user.id})`,
            },
            { key: 'displayName', label: t('logs.userInfo.displayName'), children: user.display_name || '-' },
            { key: 'role', label: t('logs.userInfo.role'), children: <RoleTag role={user.role} /> },
            { key: 'group', label: t('logs.userInfo.group'), children: user.group },
            { key: 'quota', label: t('logs.userInfo.quota'), children: formatQuota(user.quota, status) },
            {
              key: 'usedQuota',
              label: t('logs.userInfo.usedQuota'),
              children: formatQuotaExact(user.used_quota, status),
            },
            {
              key: 'requestCount',
              label: t('logs.userInfo.requestCount'),
              children: formatNumber(user.request_count),
            },
            { key: 'email', label: t('logs.userInfo.email'), children: user.email || '-' },
            { key: 'invited', label: t('logs.userInfo.invited'), children: user.aff_count },
            { key: 'inviter', label: t('logs.userInfo.inviter'), children: user.inviter_id || '-' },
          ]}
        />
      )}
    </Modal>
  );
}
