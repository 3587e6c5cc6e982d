import type { AdminUser } from '@tollgate/contracts';
import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota } from '../../../lib/format-quota';
import { PagedTable } from '../../../shared/components/PagedTable';
import { RoleTag } from '../../../shared/components/RoleTag';
import type { PagedRows } from '../../../shared/hooks/use-paged-list';
import { useStatus } from '../../../shared/status/use-status';
import type { useUserActions } from '../hooks/use-user-actions';
import { UserRowActions } from './UserRowActions';
import { UserStatusTag } from './UserStatusTag';

interface UsersTableProps {
  users: PagedRows<AdminUser>;
  actions: ReturnType<typeof useUserActions>;
  onEdit: (user: AdminUser) => void;
}

export function UsersTable({ users, actions, onEdit }: UsersTableProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();

  const columns: TableColumnsType<AdminUser> = [
    { title: 'ID', dataIndex: 'id', width: 72 },
    {
      title: t('usersAdmin.columns.username'),
      key: 'username',
      render: (_, user) => (
        <Flex vertical>
          <Typography.Text>{user.username}</Typography.Text>
          {user.display_name && user.display_name !== user.username && (
            <Typography.Text type="secondary">{user.display_name}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('usersAdmin.columns.group'),
      dataIndex: 'group',
      render: (group: string) => <Tag>{group}</Tag>,
    },
    {
      title: t('usersAdmin.columns.usage'),
      key: 'usage',
      render: (_, user) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag color="green">{t('usersAdmin.stats.quota', { value: formatQuota(user.quota, status) })}</Tag>
          <Tag color="blue">
            {t('usersAdmin.stats.usedQuota', { value: formatQuota(user.used_quota, status) })}
          </Tag>
          <Tag>{t('usersAdmin.stats.requestCount', { value: formatNumber(user.request_count) })}</Tag>
        </Flex>
      ),
    },
    {
      title: t('usersAdmin.columns.invitation'),
      key: 'invitation',
      render: (_, user) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag>{t('usersAdmin.columns.affCount', { count: user.aff_count })}</Tag>
          <Tag>
            {t('usersAdmin.columns.affHistory', { quota: formatQuota(user.aff_history_quota, status) })}
          </Tag>
          <Tag>
            {user.inviter_id
              ? t('usersAdmin.columns.inviter', { id: user.inviter_id })
              : t('usersAdmin.columns.noInviter')}
          </Tag>
        </Flex>
      ),
    },
    {
      title: t('usersAdmin.columns.role'),
      dataIndex: 'role',
      render: (role: number) => <RoleTag role={role} />,
    },
    {
      title: t('usersAdmin.columns.status'),
      key: 'status',
      render: (_, user) => <UserStatusTag user={user} />,
    },
    {
      title: t('usersAdmin.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, user) => <UserRowActions user={user} actions={actions} onEdit={onEdit} />,
    },
  ];

  return (
    <PagedTable<AdminUser>
      list={users}
      columns={columns}
      keyColumns={['username', 'status']}
      // Cancelled accounts stay listed, greyed.
      onRow={(user) => ({ style: user.DeletedAt ? { opacity: 0.5 } : undefined })}
      totalText={(total) => t('usersAdmin.total', { count: total })}
    />
  );
}
