import type { StatusObject, TopUpOrder, TopUpOrderStatus } from '@tollgate/contracts';
import { Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatQuota } from '../../lib/format-quota';
import { formatDateTime, formatMinute } from '../datetime-text';

const STATUS_COLOR: Record<TopUpOrderStatus, string> = {
  pending: 'gold',
  success: 'green',
  expired: 'default',
};

interface ColumnOptions {
  /** The administrators' list names the user and shows when the payment arrived. */
  admin: boolean;
}

/** Columns of an order list: time, amount, money, method, status (and user, order number for administrators). */
export function topUpOrderColumns(
  t: TFunction,
  status: StatusObject | null,
  { admin }: ColumnOptions,
): TableColumnsType<TopUpOrder> {
  const columns: TableColumnsType<TopUpOrder> = [
    { title: t('topUpOrders.columns.time'), dataIndex: 'created_at', key: 'time', render: formatMinute },
    {
      title: t('topUpOrders.columns.amount'),
      dataIndex: 'quota',
      key: 'amount',
      render: (quota: number) => formatQuota(quota, status),
    },
    {
      title: t('topUpOrders.columns.money'),
      dataIndex: 'money',
      key: 'money',
      render: (money: string) => `¥${money}`,
    },
    {
      title: t('topUpOrders.columns.method'),
      dataIndex: 'payment_method',
      key: 'method',
      render: (method: TopUpOrder['payment_method']) => t(`topUpOrders.methods.${method}`),
    },
    {
      title: t('topUpOrders.columns.status'),
      dataIndex: 'status',
      key: 'status',
      render: (value: TopUpOrderStatus) => (
        <Tag color={STATUS_COLOR[value]}>{t(`topUpOrders.statuses.${value}`)}</Tag>
      ),
    },
    {
      title: t('topUpOrders.columns.tradeNo'),
      dataIndex: 'trade_no',
      key: 'tradeNo',
      render: (tradeNo: string) => (
        <Typography.Text copyable code>
          {tradeNo}
        </Typography.Text>
      ),
    },
  ];
  if (!admin) return columns;
  return [
    columns[0],
    {
      title: t('topUpOrders.columns.user'),
      key: 'user',
      render: (_, order) => `${order.username ?? ''} (#${order.user_id})`,
    },
    ...columns.slice(1),
    {
      title: t('topUpOrders.columns.completedAt'),
      dataIndex: 'completed_at',
      key: 'completedAt',
      render: (at: number) => (at > 0 ? formatDateTime(at) : '-'),
    },
  ];
}
