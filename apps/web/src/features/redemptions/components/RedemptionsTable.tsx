import { RedemptionStatus, type Redemption } from '@tollgate/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format-quota';
import { CopyableCode } from '../../../shared/components/CopyableCode';
import { PagedTable } from '../../../shared/components/PagedTable';
import { rowActionsColumn } from '../../../shared/components/RowActions';
import { formatMinute } from '../../../shared/datetime-text';
import type { PagedRows } from '../../../shared/hooks/use-paged-list';
import { useStatus } from '../../../shared/status/use-status';
import type { useRedemptionActions } from '../hooks/use-redemption-actions';
import { isUsedUpGift, RedemptionStatusTag } from './RedemptionStatusTag';

interface RedemptionsTableProps {
  codes: PagedRows<Redemption>;
  actions: ReturnType<typeof useRedemptionActions>;
  onEdit: (code: Redemption) => void;
}

// Codes are 32 characters: the cell shows their start (the whole code in a tooltip and on copy).
const CODE_WIDTH = 150;

export function RedemptionsTable({ codes, actions, onEdit }: RedemptionsTableProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();

  const validity = (code: Redemption): string => {
    const parts = [
      code.valid_from > 0 ? t('redemptions.validity.from', { time: formatMinute(code.valid_from) }) : null,
      code.valid_until > 0 ? t('redemptions.validity.until', { time: formatMinute(code.valid_until) }) : null,
    ].filter((part) => part !== null);
    return parts.length > 0 ? parts.join('\n') : t('redemptions.validity.unlimited');
  };

  const columns: TableColumnsType<Redemption> = [
    { title: t('redemptions.columns.id'), dataIndex: 'id', width: 72 },
    { title: t('redemptions.columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('redemptions.columns.key'),
      key: 'key',
      render: (_, code) => (
        <CopyableCode
          text={code.key}
          maxWidth={CODE_WIDTH}
          copyLabel={t('redemptions.actions.copy')}
          onCopy={() => actions.copyCode(code)}
        />
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
    {
      title: t('redemptions.columns.validity'),
      key: 'validity',
      // A start and an end each get a line, so the column stays narrow.
      render: (_, code) => <span style={{ whiteSpace: 'pre-line' }}>{validity(code)}</span>,
    },
    rowActionsColumn(t('redemptions.columns.actions'), (code) => [
      {
        label:
          code.status === RedemptionStatus.Unused
            ? t('redemptions.actions.disable')
            : t('redemptions.actions.enable'),
        // Spec 001 §4: a used code cannot be enabled again.
        disabled: code.status === RedemptionStatus.Used,
        loading: actions.togglingId === code.id,
        onClick: () => actions.toggle(code),
      },
      {
        label: t('redemptions.actions.edit'),
        disabled: code.status !== RedemptionStatus.Unused,
        onClick: () => onEdit(code),
      },
      { label: t('redemptions.actions.delete'), danger: true, onClick: () => actions.confirmDelete(code) },
    ]),
  ];

  return (
    <PagedTable<Redemption>
      list={codes}
      selectable
      size="middle"
      columns={columns}
      keyColumns={['name', 'status']}
      onRow={(code) => (isUsedUpGift(code) ? { style: { opacity: 0.5 } } : {})}
      totalText={(total) => t('redemptions.total', { total })}
    />
  );
}
