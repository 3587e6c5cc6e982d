import { Table, type TableProps } from 'antd';
import type { Key } from 'react';
import type { PagedRows } from '../hooks/use-paged-list';
import { serverPagination } from './server-pagination';

type PagedTableProps<TRow extends { id: Key }> = Omit<
  TableProps<TRow>,
  'rowKey' | 'dataSource' | 'loading' | 'pagination' | 'rowSelection'
> & {
  list: PagedRows<TRow>;
  totalText: (total: number) => string;
  /** Rows get check boxes; the ticks are kept by the list, which clears them on another page or search. */
  selectable?: boolean;
  /** Rows with `children`: ticking a row ticks its children too. */
  selectChildren?: boolean;
};

/** The page of a list on screen, as wide as its columns need (scrolls sideways on narrow screens). */
export function PagedTable<TRow extends { id: Key }>(props: PagedTableProps<TRow>) {
  const { list, totalText, selectable = false, selectChildren = false, ...table } = props;
  return (
    <Table<TRow>
      rowKey="id"
      dataSource={list.data?.items}
      loading={list.isLoading}
      scroll={{ x: 'max-content' }}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: list.selected.map((row) => row.id),
              onChange: (_, rows) => list.select(rows),
              checkStrictly: !selectChildren,
            }
          : undefined
      }
      pagination={serverPagination({
        page: list.page,
        pageSize: list.pageSize,
        total: list.data?.total ?? 0,
        onChange: list.changePage,
        totalText,
      })}
      {...table}
    />
  );
}
