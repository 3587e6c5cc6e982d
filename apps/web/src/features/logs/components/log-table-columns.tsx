import { LogType, type LogItem, type StatusObject } from '@tollgate/contracts';
import { Button, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatNumber, formatQuotaExact } from '../../../lib/format-quota';
import { formatDateTime } from '../../../shared/datetime-text';
import { ADMIN_LOG_COLUMNS, type LogColumnKey, type LogColumnVisibility } from '../log-columns';
import { callTimeColour, firstTokenColour } from '../log-timing';
import { chargedGroupRatio } from '../price-formula';
import { LogTypeTag } from './LogTypeTag';

type Column = TableColumnsType<LogItem>[number] & { key: LogColumnKey };

interface ColumnOptions {
  t: TFunction;
  status: StatusObject | null;
  admin: boolean;
  visible: LogColumnVisibility;
  onUser: (row: LogItem) => void;
  /** A phone shows the time without the year and the type under it, so the row fits 390 px. */
  compact: boolean;
}

// Calls carry timings, tokens and a cost; top-up, management, system and check-in rows do not.
const isCall = (row: LogItem): boolean => row.type === LogType.Consume || row.type === LogType.Error;

function timingCell(row: LogItem, t: TFunction) {
  if (!isCall(row)) return null;
  const frt = row.other.frt;
  return (
    <Flex gap={4} wrap>
      <Tag color={callTimeColour(row.use_time)}>{t('logs.seconds', { value: row.use_time })}</Tag>
      {row.is_stream && frt !== undefined && frt > 0 && (
        <Tooltip title={t('logs.detail.firstToken')}>
          <Tag color={firstTokenColour(frt)}>{t('logs.seconds', { value: (frt / 1000).toFixed(2) })}</Tag>
        </Tooltip>
      )}
      <Tag>{row.is_stream ? t('logs.stream') : t('logs.nonStream')}</Tag>
    </Flex>
  );
}

/** The details column: the row's own text, else the ratios that priced it. */
function detailsText(row: LogItem, t: TFunction): string {
  if (row.content) return row.content;
  const other = row.other;
  if (other.model_price !== undefined && other.model_price >= 0)
    return t('logs.detail.modelPrice', { price: other.model_price });
  if (other.model_ratio === undefined) return '';
  return t('logs.detail.ratiosText', {
    modelRatio: other.model_ratio,
    completionRatio: other.completion_ratio ?? 1,
    groupRatio: chargedGroupRatio(other),
  });
}

/** Every column of the log table, in order, before the admin-only and hidden ones are left out. */
function allColumns({ t, status, onUser, compact }: ColumnOptions): Column[] {
  return [
    {
      key: 'time',
      title: t('logs.columns.time'),
      render: (_, row) =>
        compact ? (
          <Flex vertical gap={2} align="start">
            <Typography.Text style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(row.created_at).slice(5)}
            </Typography.Text>
            <LogTypeTag type={row.type} />
          </Flex>
        ) : (
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Typography.Text>
        ),
    },
    {
      key: 'channel',
      title: t('logs.columns.channel'),
      render: (_, row) =>
        row.channel ? (
          <Tooltip title={row.channel_name || undefined}>
            <Tag color="geekblue">#{row.channel}</Tag>
          </Tooltip>
        ) : null,
    },
    {
      key: 'username',
      title: t('logs.columns.username'),
      render: (_, row) =>
        row.username ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-label={t('logs.userInfo.openHint', { username: row.username })}
            onClick={() => onUser(row)}
          >
            {row.username}
          </Button>
        ) : null,
    },
    {
      key: 'token',
      title: t('logs.columns.token'),
      render: (_, row) => row.token_name && <Tag>{row.token_name}</Tag>,
    },
    { key: 'group', title: t('logs.columns.group'), render: (_, row) => row.group && <Tag>{row.group}</Tag> },
    { key: 'type', title: t('logs.columns.type'), render: (_, row) => <LogTypeTag type={row.type} /> },
    {
      key: 'model',
      title: t('logs.columns.model'),
      render: (_, row) =>
        row.model_name && (
          <Flex gap={4} align="center">
            <Typography.Text>{row.model_name}</Typography.Text>
            {row.other.is_model_mapped && row.other.upstream_model_name && (
              <Tooltip title={row.other.upstream_model_name}>
                <Tag color="gold">{t('logs.mapped')}</Tag>
              </Tooltip>
            )}
          </Flex>
        ),
    },
    { key: 'useTime', title: t('logs.columns.useTime'), render: (_, row) => timingCell(row, t) },
    {
      key: 'prompt',
      title: t('logs.columns.prompt'),
      align: 'right',
      render: (_, row) => (row.type === LogType.Consume ? formatNumber(row.prompt_tokens) : null),
    },
    {
      key: 'completion',
      title: t('logs.columns.completion'),
      align: 'right',
      render: (_, row) => (row.type === LogType.Consume ? formatNumber(row.completion_tokens) : null),
    },
    {
      key: 'quota',
      title: t('logs.columns.quota'),
      align: 'right',
      render: (_, row) => (row.quota ? formatQuotaExact(row.quota, status) : null),
    },
    {
      key: 'retry',
      title: t('logs.columns.retry'),
      render: (_, row) => {
        const chain = row.other.admin_info?.use_channel ?? [];
        return chain.length > 1 ? t('logs.retryChain', { chain: chain.join(' → ') }) : null;
      },
    },
    { key: 'ip', title: t('logs.columns.ip'), render: (_, row) => row.ip },
    {
      key: 'details',
      title: t('logs.columns.details'),
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 280 }}>
          {detailsText(row, t)}
        </Typography.Text>
      ),
    },
  ];
}

/** The columns shown: those chosen in the column settings, without the admin-only ones for everyone else. */
export function logTableColumns(options: ColumnOptions): Column[] {
  return allColumns(options).filter(
    (column) => options.visible[column.key] && (options.admin || !ADMIN_LOG_COLUMNS.includes(column.key)),
  );
}
