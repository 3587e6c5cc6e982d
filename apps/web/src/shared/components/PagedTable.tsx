import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { Key } from 'react';
import type { PagedRows } from '../hooks/use-paged-list';
import { useIsPhone } from '../hooks/use-is-phone';
import { HEADER_HEIGHT } from '../layout-sizes';
import { ListLoadError } from './ListLoadError';
import { columnId, phoneLayout } from './phone-layout';
import { serverPagination } from './server-pagination';

type PagedTableProps<TRow extends { id: Key }> = Omit<
  TableProps<TRow>,
  'rowKey' | 'dataSource' | 'loading' | 'pagination' | 'rowSelection' | 'columns' | 'expandable'
> & {
  list: PagedRows<TRow>;
  columns: TableColumnsType<TRow>;
  /**
   * The columns (by key, else dataIndex) that say which row it is and its state: all a phone shows of a
   * row until it is expanded. Unset: the first two columns.
   */
  keyColumns?: readonly string[];
  totalText: (total: number) => string;
  /** Rows get check boxes; the ticks are kept by the list, which clears them on another page or search. */
  selectable?: boolean;
  /** Rows with `children`: ticking a row ticks its children too. */
  selectChildren?: boolean;
  /** No pager while every row fits on one page (the inbox, spec 001 §9). */
  pagerOnlyWhenNeeded?: boolean;
};

/**
 * The page of a list on screen. On a desktop as wide as its columns need, scrolling sideways with a
 * scroll bar kept at the bottom of the window; on a phone its key columns, each row expanding to the rest.
 * A failed load shows why, with a retry, instead of an empty table.
 */
export function PagedTable<TRow extends { id: Key }>(props: PagedTableProps<TRow>) {
  const {
    list,
    columns,
    keyColumns,
    totalText,
    selectable = false,
    selectChildren = false,
    pagerOnlyWhenNeeded = false,
    ...table
  } = props;
  const isPhone = useIsPhone();
  const failed = list.error !== null && !list.isLoading;
  const layout = isPhone
    ? phoneLayout(columns, keyColumns ?? columns.slice(0, 2).map(columnId))
    : { columns, expandable: undefined };

  return (
    <Table<TRow>
      rowKey="id"
      dataSource={failed ? [] : list.data?.items}
      loading={list.isLoading}
      columns={layout.columns}
      expandable={layout.expandable}
      // A phone's few columns share its width (and wrap); a desktop gives each what it needs, scrolling.
      scroll={isPhone ? undefined : { x: 'max-content' }}
      sticky={isPhone ? undefined : { offsetHeader: HEADER_HEIGHT }}
      locale={
        failed && list.error
          ? { emptyText: <ListLoadError error={list.error} onRetry={list.reload} /> }
          : undefined
      }
      rowSelection={
        selectable
          ? {
              selectedRowKeys: list.selected.map((row) => row.id),
              onChange: (_, rows) => list.select(rows),
              // A phone lists a tag's channels inside its details, not as a tree to tick through.
              checkStrictly: !selectChildren || isPhone,
            }
          : undefined
      }
      pagination={serverPagination({
        page: list.page,
        pageSize: list.pageSize,
        total: failed ? 0 : (list.data?.total ?? 0),
        onChange: list.changePage,
        totalText,
        simple: isPhone,
        hideOnSinglePage: pagerOnlyWhenNeeded,
      })}
      {...table}
    />
  );
}
