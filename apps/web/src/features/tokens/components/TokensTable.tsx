import { CopyOutlined } from '@ant-design/icons';
import {
  PAGE_SIZE_OPTIONS,
  TOKEN_NEVER_EXPIRES,
  TokenStatus,
  type Page,
  type Token,
} from '@tollgate/contracts';
import { Button, Flex, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../status/hooks/use-status';
import { formatMinute } from '../datetime-text';
import type { useTokenActions } from '../hooks/use-token-actions';
import { TokenStatusTag } from './TokenStatusTag';

interface TokensTableProps {
  data: Page<Token> | undefined;
  isLoading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  selected: Token[];
  onSelect: (tokens: Token[]) => void;
  actions: ReturnType<typeof useTokenActions>;
  onEdit: (token: Token) => void;
}

const maskKey = (key: string): string => `${key.slice(0, 7)}…${key.slice(-4)}`;

export function TokensTable(props: TokensTableProps) {
  const { data, isLoading, page, pageSize, onPageChange, selected, onSelect, actions, onEdit } = props;
  const { t } = useTranslation();
  const { data: status } = useStatus();

  const columns: TableColumnsType<Token> = [
    { title: t('tokens.columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('tokens.columns.key'),
      key: 'key',
      render: (_, token) => (
        <Flex align="center" gap={4}>
          <Typography.Text code>{maskKey(token.key)}</Typography.Text>
          <Tooltip title={t('tokens.actions.copyKey')}>
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('tokens.actions.copyKey')}
              onClick={() => actions.copyKey(token)}
            />
          </Tooltip>
        </Flex>
      ),
    },
    {
      title: t('tokens.columns.status'),
      key: 'status',
      render: (_, token) => <TokenStatusTag token={token} />,
    },
    {
      title: t('tokens.columns.usedQuota'),
      dataIndex: 'used_quota',
      render: (quota: number) => formatQuota(quota, status),
    },
    {
      title: t('tokens.columns.remainQuota'),
      key: 'remain_quota',
      render: (_, token) =>
        token.unlimited_quota ? t('tokens.unlimited') : formatQuota(token.remain_quota, status),
    },
    {
      title: t('tokens.columns.group'),
      dataIndex: 'group',
      render: (group: string) => group || t('tokens.ownGroup'),
    },
    {
      title: t('tokens.columns.createdTime'),
      dataIndex: 'created_time',
      render: (time: number) => formatMinute(time),
    },
    {
      title: t('tokens.columns.expiredTime'),
      dataIndex: 'expired_time',
      render: (time: number) =>
        time === TOKEN_NEVER_EXPIRES ? t('tokens.neverExpires') : formatMinute(time),
    },
    {
      title: t('tokens.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, token) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            loading={actions.togglingId === token.id}
            onClick={() => actions.toggle(token)}
          >
            {token.status === TokenStatus.Enabled ? t('tokens.actions.disable') : t('tokens.actions.enable')}
          </Button>
          <Button type="link" size="small" onClick={() => onEdit(token)}>
            {t('tokens.actions.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.confirmDelete(token)}>
            {t('tokens.actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<Token>
      size="middle"
      rowKey="id"
      columns={columns}
      dataSource={data?.items}
      loading={isLoading}
      scroll={{ x: 'max-content' }}
      rowSelection={{
        selectedRowKeys: selected.map((token) => token.id),
        onChange: (_, rows) => onSelect(rows),
      }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        showTotal: (total) => t('tokens.total', { total }),
        onChange: onPageChange,
      }}
    />
  );
}
