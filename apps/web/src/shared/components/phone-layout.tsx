import { Descriptions, Table, type TableColumnsType } from 'antd';
import type { ExpandableConfig } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';

type Column<TRow> = TableColumnsType<TRow>[number];

/** A column's name in `keyColumns`: its `key`, else its `dataIndex`. */
export function columnId<TRow>(column: Column<TRow>): string {
  if (column.key !== undefined) return String(column.key);
  return 'dataIndex' in column ? String(column.dataIndex) : '';
}

function cellOf<TRow>(column: Column<TRow>, row: TRow, index: number): ReactNode {
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  const value =
    typeof dataIndex === 'string' || typeof dataIndex === 'number'
      ? (row as Record<string | number, unknown>)[dataIndex]
      : undefined;
  if (!column.render) return value as ReactNode;
  const cell = column.render(value, row, index);
  // A render may answer { children, props } to span cells; outside the table only the content counts.
  return typeof cell === 'object' &&
    cell !== null &&
    'props' in cell &&
    'children' in cell &&
    !('type' in cell)
    ? cell.children
    : (cell as ReactNode);
}

const titleOf = <TRow,>(column: Column<TRow>): ReactNode =>
  typeof column.title === 'function' ? null : column.title;

// Rows with `children` (a tag and its channels) list them inside their details instead of as a tree.
const NO_TREE = 'phoneLayoutHasNoTree';

const childrenOf = <TRow,>(row: TRow): TRow[] | null => {
  const children = (row as { children?: unknown }).children;
  return Array.isArray(children) && children.length > 0 ? (children as TRow[]) : null;
};

export interface PhoneLayout<TRow> {
  columns: TableColumnsType<TRow>;
  expandable: ExpandableConfig<TRow>;
}

/**
 * A list on a phone: only the columns that say which row it is and its state, each row expanding to the
 * others (actions included) as label and value.
 */
export function phoneLayout<TRow extends { id: Key }>(
  columns: TableColumnsType<TRow>,
  keyColumns: readonly string[],
): PhoneLayout<TRow> {
  const shown = columns
    .filter((column) => keyColumns.includes(columnId(column)))
    .map((column) => ({ ...column, fixed: undefined }));
  const details = columns.filter((column) => !keyColumns.includes(columnId(column)));

  const expandable: ExpandableConfig<TRow> = {
    childrenColumnName: NO_TREE,
    expandedRowRender: (row, index) => {
      const children = childrenOf(row);
      return (
        <>
          <Descriptions
            size="small"
            column={1}
            items={details
              .map((column) => ({
                key: columnId(column),
                label: titleOf(column),
                children: cellOf(column, row, index),
              }))
              // A cell this row leaves empty (a tag row has no id or balance) gets no line.
              .filter(
                (item) => item.children !== null && item.children !== undefined && item.children !== '',
              )}
          />
          {children && (
            <Table<TRow>
              rowKey="id"
              size="small"
              dataSource={children}
              columns={shown}
              expandable={expandable}
              pagination={false}
              style={{ marginTop: 8 }}
            />
          )}
        </>
      );
    },
  };
  return { columns: shown, expandable };
}
