import { ReloadOutlined } from '@ant-design/icons';
import type { LogItem, StatusObject } from '@tollgate/contracts';
import { Button, Descriptions, Empty, Flex, Grid, Result, Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPagination } from '../../../shared/components/server-pagination';
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

// What a phone shows of a row before it is expanded (the time column carries the type there); the rest moves into
// the expanded details.
const PHONE_COLUMNS = ['time', 'quota'];
const PHONE_DROPPED = ['type'];

/**
 * One page of log rows, newest first. Each row expands to its `other` in words. On a phone only the time, type and
 * cost stay in the row; the other columns are listed in the expanded part above the details.
 */
export function LogsTable({ list, admin, status, visible, onUser }: LogsTableProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const columns = logTableColumns({ t, status, admin, visible, onUser, compact: phone });
  const shown = phone ? columns.filter((column) => PHONE_COLUMNS.includes(column.key)) : columns;
  const moved = phone
    ? columns.filter((column) => ![...PHONE_COLUMNS, ...PHONE_DROPPED].includes(column.key))
    : [];
  const failed = list.error !== null && !list.isLoading;
  const estimate = list.data?.total_exact === false;

  return (
    <Table<LogItem>
      rowKey="id"
      size="small"
      columns={shown}
      dataSource={failed ? [] : list.data?.items}
      loading={list.isLoading}
      // A desktop scrolls sideways when the columns need it; a phone's two columns share its width, and the expanded
      // details wrap inside it instead of widening the table.
      scroll={phone ? undefined : { x: 'max-content' }}
      tableLayout={phone ? 'fixed' : undefined}
      locale={{
        emptyText: failed ? (
          <Result
            status="warning"
            title={t('logs.failed')}
            subTitle={list.error?.message}
            extra={
              <Button type="primary" icon={<ReloadOutlined />} onClick={list.reload}>
                {t('logs.retry')}
              </Button>
            }
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logs.empty')} />
        ),
      }}
      expandable={{
        expandedRowRender: (row, index) => (
          <Flex vertical gap={8}>
            {moved.length > 0 && (
              <Descriptions
                size="small"
                column={1}
                items={moved.map((column) => ({
                  key: column.key,
                  label: column.title as string,
                  children: column.render?.(undefined, row, index) as ReactNode,
                }))}
              />
            )}
            <LogDetail row={row} vertical={phone} />
          </Flex>
        ),
      }}
      pagination={{
        ...serverPagination({
          page: list.page,
          pageSize: list.pageSize,
          total: failed ? 0 : (list.data?.total ?? 0),
          onChange: list.changePage,
          totalText: (total) => (estimate ? t('logs.totalAbout', { total }) : t('logs.total', { total })),
        }),
        simple: phone,
      }}
    />
  );
}
