import { PAGE_SIZE_OPTIONS, type AdminUser, type Page } from '@tollgate/contracts';
import { Flex, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../status/hooks/use-status';
import type { useUserActions } from '../hooks/use-user-actions';
import { RoleTag } from './RoleTag';
import { UserRowActions } from './UserRowActions';
import { UserStatusTag } from './UserStatusTag';

interface UsersTableProps {
  data: Page<AdminUser> | undefined;
  isLoading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  actions: ReturnType<typeof useUserActions>;
  onEdit: (user: AdminUser) => void;
}

export function UsersTable({
  data,
  isLoading,
  page,
  pageSize,
  onPageChange,
  actions,
  onEdit,
}: UsersTableProps) {
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
        <Flex gap={4} wrap>
          <Tooltip title={t('usersAdmin.columns.quota')}>
            <Tag color="green">{formatQuota(user.quota, status)}</Tag>
          </Tooltip>
          <Tooltip title={t('usersAdmin.columns.usedQuota')}>
            <Tag color="blue">{formatQuota(user.used_quota, status)}</Tag>
          </Tooltip>
          <Tooltip title={t('usersAdmin.columns.requestCount')}>
            <Tag>{formatNumber(user.request_count)}</Tag>
          </Tooltip>
        </Flex>
      ),
    },
    {
      title: t('usersAdmin.columns.invitation'),
      key: 'invitation',
      render: (_, user) => (
        <Flex gap={4} wrap>
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
    <Table<AdminUser>
      rowKey="id"
      columns={columns}
      dataSource={data?.items}
      loading={isLoading}
      scroll={{ x: 'max-content' }}
      // Cancelled accounts stay listed, greyed.
      onRow={(user) => ({ style: user.DeletedAt ? { opacity: 0.5 } : undefined })}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        showTotal: (total) => t('usersAdmin.total', { total }),
        onChange: onPageChange,
      }}
    />
  );
}
