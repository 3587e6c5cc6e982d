import type { LogItem, StatusObject } from '@tollgate/contracts';
import { Empty, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListLoadError } from '../../../shared/components/ListLoadError';
import { phoneLayout } from '../../../shared/components/phone-layout';
import { serverPagination } from '../../../shared/components/server-pagination';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import type { LogList } from '../hooks/use-logs';
import type { LogColumnVisibility } from '../log-columns';
import { LogDetail } from './LogDetail';
import { logTableColumns } from './log-table-columns';

interface LogsTableProps {
  list: LogList;
  admin: boolean;
  status: StatusObject | null;
  visible: LogColumnVisibility;
  onUser: (row: LogItem) => void;
}

// What a phone shows of a row before it is expanded (its time column carries the type there).
const PHONE_COLUMNS = ['time', 'quota'];

/**
 * One page of log rows, newest first; each row expands to its `other` in words. Not the shared PagedTable: that one
 * owns the expanded row (a phone's hidden columns) and has no room for a row's details. This table reuses its parts:
 * on a phone the shared phone layout lists the other columns above the details; a failed load shows why, with a retry.
 */
export function LogsTable({ list, admin, status, visible, onUser }: LogsTableProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const columns = logTableColumns({ t, status, admin, visible, onUser, compact: phone });
  const layout = phone
    ? phoneLayout(
        columns.filter((column) => column.key !== 'type'),
        PHONE_COLUMNS,
      )
    : null;
  const failed = list.error !== null && !list.isLoading;
  const estimate = list.data?.total_exact === false;

  return (
    <Table<LogItem>
      rowKey="id"
      size="small"
      columns={layout ? layout.columns : columns}
      dataSource={failed ? [] : list.data?.items}
      loading={list.isLoading}
      // A desktop scrolls sideways when the columns need it; a phone's two columns share its width, and the expanded
      // details wrap inside it instead of widening the table.
      scroll={phone ? undefined : { x: 'max-content' }}
      tableLayout={phone ? 'fixed' : undefined}
      locale={{
        emptyText:
          failed && list.error ? (
            <ListLoadError error={list.error} onRetry={list.reload} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logs.empty')} />
          ),
      }}
      expandable={{
        ...layout?.expandable,
        expandedRowRender: (row, index) => (
          <Flex vertical gap={8}>
            {layout?.expandable.expandedRowRender?.(row, index, 0, true)}
            <LogDetail row={row} vertical={phone} />
          </Flex>
        ),
      }}
      pagination={serverPagination({
        page: list.page,
        pageSize: list.pageSize,
        total: failed ? 0 : (list.data?.total ?? 0),
        onChange: list.changePage,
        totalText: (total) => (estimate ? t('logs.totalAbout', { total }) : t('logs.total', { total })),
        simple: phone,
      })}
    />
  );
}
