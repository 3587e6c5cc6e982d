import { CopyOutlined } from '@ant-design/icons';
import { PAGE_SIZE_OPTIONS, RedemptionStatus, type Page, type Redemption } from '@tollgate/contracts';
import { Button, Flex, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../status/hooks/use-status';
import { formatMinute } from '../../tokens/datetime-text';
import type { useRedemptionActions } from '../hooks/use-redemption-actions';
import { isUsedUpGift, RedemptionStatusTag } from './RedemptionStatusTag';

interface RedemptionsTableProps {
  data: Page<Redemption> | undefined;
  isLoading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  selected: Redemption[];
  onSelect: (codes: Redemption[]) => void;
  actions: ReturnType<typeof useRedemptionActions>;
  onEdit: (code: Redemption) => void;
}

export function RedemptionsTable(props: RedemptionsTableProps) {
  const { data, isLoading, page, pageSize, onPageChange, selected, onSelect, actions, onEdit } = props;
  const { t } = useTranslation();
  const { data: status } = useStatus();

  const validity = (code: Redemption): string => {
    const parts = [
      code.valid_from > 0 ? t('redemptions.validity.from', { time: formatMinute(code.valid_from) }) : null,
      code.valid_until > 0 ? t('redemptions.validity.until', { time: formatMinute(code.valid_until) }) : null,
    ].filter((part) => part !== null);
    return parts.length > 0 ? parts.join(' ') : t('redemptions.validity.unlimited');
  };

  const columns: TableColumnsType<Redemption> = [
    { title: t('redemptions.columns.id'), dataIndex: 'id', width: 72 },
    { title: t('redemptions.columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('redemptions.columns.key'),
      key: 'key',
      render: (_, code) => (
        <Flex align="center" gap={4}>
          <Typography.Text code>{code.key}</Typography.Text>
          <Tooltip title={t('redemptions.actions.copy')}>
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('redemptions.actions.copy')}
              onClick={() => actions.copyCode(code)}
            />
          </Tooltip>
        </Flex>
      ),
    },
    {
      title: t('redemptions.columns.status'),
      key: 'status',
      render: (_, code) => <RedemptionStatusTag code={code} />,
    },
    {
      title: t('redemptions.columns.quota'),
      dataIndex: 'quota',
      render: (quota: number) => formatQuota(quota, status),
    },
    { title: t('redemptions.columns.createdTime'), dataIndex: 'created_time', render: formatMinute },
    {
      title: t('redemptions.columns.redeemedBy'),
      dataIndex: 'used_user_id',
      render: (userId: number) => (userId > 0 ? userId : t('redemptions.none')),
    },
    { title: t('redemptions.columns.validity'), key: 'validity', render: (_, code) => validity(code) },
    {
      title: t('redemptions.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, code) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            // Spec 001 §4: a used code cannot be enabled again.
            disabled={code.status === RedemptionStatus.Used}
            loading={actions.togglingId === code.id}
            onClick={() => actions.toggle(code)}
          >
            {code.status === RedemptionStatus.Unused
              ? t('redemptions.actions.disable')
              : t('redemptions.actions.enable')}
          </Button>
          <Button
            type="link"
            size="small"
            disabled={code.status !== RedemptionStatus.Unused}
            onClick={() => onEdit(code)}
          >
            {t('redemptions.actions.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.confirmDelete(code)}>
            {t('redemptions.actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<Redemption>
      size="middle"
      rowKey="id"
      columns={columns}
      dataSource={data?.items}
      loading={isLoading}
      scroll={{ x: 'max-content' }}
      onRow={(code) => (isUsedUpGift(code) ? { style: { opacity: 0.5 } } : {})}
      rowSelection={{
        selectedRowKeys: selected.map((code) => code.id),
        onChange: (_, rows) => onSelect(rows),
      }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        showTotal: (total) => t('redemptions.total', { total }),
        onChange: onPageChange,
      }}
    />
  );
}
