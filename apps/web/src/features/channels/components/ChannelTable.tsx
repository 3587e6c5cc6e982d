import { ChannelStatus } from '@tollgate/contracts';
import { Table } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPagination } from '../../../shared/components/server-pagination';
import type { ChannelTableRow } from '../channel-rows';
import type { ColumnVisibility } from '../channel-table-prefs';
import { type ChannelColumnHandlers, useChannelColumns } from './channel-columns';
import styles from './channels.module.css';

interface ChannelTableProps {
  rows: ChannelTableRow[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  visibility: ColumnVisibility;
  tagMode: boolean;
  handlers: ChannelColumnHandlers;
  selectedKeys: Key[];
  onSelect: (keys: Key[]) => void;
  onPage: (page: number, pageSize: number) => void;
}

const isInactive = (row: ChannelTableRow): boolean =>
  row.kind === 'tag' ? row.enabledCount === 0 : row.channel.status !== ChannelStatus.Enabled;

/** Server-paged channel table; in tag mode tag rows expand to their channels. */
export function ChannelTable(props: ChannelTableProps) {
  const { t } = useTranslation();
  const columns = useChannelColumns(props.visibility, props.tagMode, props.handlers);
  return (
    <Table<ChannelTableRow>
      rowKey="key"
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      rowClassName={(row) => (isInactive(row) ? styles.inactiveRow : '')}
      // Checking a tag row selects its channels; only channel ids are acted on.
      rowSelection={{
        selectedRowKeys: props.selectedKeys,
        onChange: (keys) => props.onSelect(keys),
        checkStrictly: false,
      }}
      pagination={serverPagination({
        page: props.page,
        pageSize: props.pageSize,
        total: props.total,
        onChange: props.onPage,
        totalText: (total) => t('channels.pagination.total', { total }),
      })}
    />
  );
}
