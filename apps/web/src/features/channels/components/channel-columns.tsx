import { TagsOutlined } from '@ant-design/icons';
import { ChannelStatus, channelPriorityIssue, channelWeightIssue, splitCommaList } from '@tollgate/contracts';
import { Flex, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../../shared/status/use-status';
import type { ChannelTableRow, TagRow } from '../channel-rows';
import type { ChannelColumnKey, ColumnVisibility } from '../channel-table-prefs';
import { useChannelTypeName } from '../hooks/use-channel-type-name';
import { useIssueText } from '../hooks/use-issue-text';
import { ChannelRowActions, type ChannelRowHandlers } from './ChannelRowActions';
import { ChannelStatusTag } from './ChannelStatusTag';
import { InlineNumber } from './InlineNumber';
import { ResponseTimeTag } from './ResponseTimeTag';
import { TagRowActions, type TagRowHandlers } from './TagRowActions';

type NumberField = 'priority' | 'weight';

export interface ChannelColumnHandlers extends ChannelRowHandlers, TagRowHandlers {
  onSetNumber: (id: number, field: NumberField, value: number) => Promise<boolean>;
  onTagNumber: (tag: string, field: NumberField, value: number) => Promise<boolean>;
}

const tagList = (names: string[], color?: string): ReactNode => (
  <Space size={[0, 4]} wrap>
    {names.map((name) => (
      <Tag key={name} color={color}>
        {name}
      </Tag>
    ))}
  </Space>
);

function tagStatus(row: TagRow, summary: string): ReactNode {
  const total = row.children.length;
  const color = row.enabledCount === total ? 'success' : row.enabledCount === 0 ? 'error' : 'warning';
  return <Tag color={color}>{summary}</Tag>;
}

/** The channel table's columns, without those hidden in the column settings (actions always stay). */
export function useChannelColumns(
  visibility: ColumnVisibility,
  tagMode: boolean,
  handlers: ChannelColumnHandlers,
): ColumnsType<ChannelTableRow> {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const typeName = useChannelTypeName();
  const issueText = useIssueText();

  const numberCell = (row: ChannelTableRow, field: NumberField): ReactNode => {
    const check = (value: number | null): string | null => {
      const issue = field === 'priority' ? channelPriorityIssue(value) : channelWeightIssue(value);
      return issue && issueText(issue);
    };
    const label = t(`channels.columns.${field}`);
    if (row.kind === 'tag') {
      return (
        <InlineNumber
          value={row[field]}
          check={check}
          label={`${label} ${row.tag}`}
          onCommit={(value) => handlers.onTagNumber(row.tag, field, value)}
        />
      );
    }
    return (
      <InlineNumber
        value={row.channel[field]}
        check={check}
        label={`${label} ${row.channel.name}`}
        onCommit={(value) => handlers.onSetNumber(row.channel.id, field, value)}
      />
    );
  };

  const columns: Array<{ key: ChannelColumnKey } & ColumnsType<ChannelTableRow>[number]> = [
    {
      key: 'id',
      title: t('channels.columns.id'),
      width: 64,
      render: (_, row) => (row.kind === 'channel' ? row.channel.id : null),
    },
    {
      key: 'name',
      title: t('channels.columns.name'),
      render: (_, row) =>
        row.kind === 'tag' ? (
          <Space size={4} wrap>
            <TagsOutlined />
            <Typography.Text strong>{row.tag}</Typography.Text>
            <Typography.Text type="secondary">
              {t('channels.tagRow.channels', { count: row.children.length })}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type={row.channel.status === ChannelStatus.Enabled ? undefined : 'secondary'}>
            {row.channel.name}
          </Typography.Text>
        ),
    },
    {
      key: 'tag',
      title: t('channels.columns.tag'),
      render: (_, row) =>
        row.kind === 'channel' && row.channel.tag ? <Tag color="blue">{row.channel.tag}</Tag> : null,
    },
    {
      key: 'group',
      title: t('channels.columns.group'),
      render: (_, row) => tagList(row.kind === 'tag' ? row.groups : splitCommaList(row.channel.group)),
    },
    {
      key: 'type',
      title: t('channels.columns.type'),
      render: (_, row) =>
        tagList((row.kind === 'tag' ? row.types : [row.channel.type]).map(typeName), 'geekblue'),
    },
    {
      key: 'status',
      title: t('channels.columns.status'),
      render: (_, row) =>
        row.kind === 'tag' ? (
          tagStatus(
            row,
            t('channels.status.tagSummary', { enabled: row.enabledCount, total: row.children.length }),
          )
        ) : (
          <ChannelStatusTag status={row.channel.status} otherInfo={row.channel.other_info} />
        ),
    },
    {
      key: 'responseTime',
      title: t('channels.columns.responseTime'),
      render: (_, row) =>
        row.kind === 'channel' ? (
          <ResponseTimeTag milliseconds={row.channel.response_time} testTime={row.channel.test_time} />
        ) : null,
    },
    {
      key: 'balance',
      title: t('channels.columns.balance'),
      render: (_, row) =>
        row.kind === 'channel' ? (
          <Flex vertical gap={4} align="flex-start">
            <Tag color="default">
              {t('channels.balance.used', { value: formatQuota(row.channel.used_quota, status) })}
            </Tag>
            <Tag color="cyan">
              {t('channels.balance.remaining', { value: `$${row.channel.balance.toFixed(2)}` })}
            </Tag>
          </Flex>
        ) : null,
    },
    {
      key: 'priority',
      title: t('channels.columns.priority'),
      width: 88,
      render: (_, row) => numberCell(row, 'priority'),
    },
    {
      key: 'weight',
      title: t('channels.columns.weight'),
      width: 88,
      render: (_, row) => numberCell(row, 'weight'),
    },
  ];

  return [
    // In tag mode the tag rows already say which tag each channel carries.
    ...columns.filter((column) => visibility[column.key] && !(tagMode && column.key === 'tag')),
    {
      key: 'actions',
      title: t('channels.columns.actions'),
      fixed: 'right',
      // The six actions wrap onto two lines, leaving the data columns room at 1440 px in either language.
      width: 200,
      render: (_, row) =>
        row.kind === 'tag' ? (
          <TagRowActions row={row} handlers={handlers} />
        ) : (
          <ChannelRowActions channel={row.channel} handlers={handlers} />
        ),
    },
  ];
}
