import { Button, Space, type TableColumnType } from 'antd';

export interface RowAction {
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  loading?: boolean;
}

interface RowActionsProps {
  /** In display order; labels are unique within a row. */
  actions: RowAction[];
  wrap?: boolean;
}

/** A table row's actions as small link buttons side by side. */
export function RowActions({ actions, wrap = false }: RowActionsProps) {
  return (
    <Space size={0} wrap={wrap}>
      {actions.map((action) => (
        <Button
          key={action.label}
          type="link"
          size="small"
          danger={action.danger}
          disabled={action.disabled}
          loading={action.loading}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
    </Space>
  );
}

/** The last column of a list: each row's actions, kept in view at the right edge while the table scrolls. */
export function rowActionsColumn<TRow>(
  title: string,
  actionsOf: (row: TRow) => RowAction[],
): TableColumnType<TRow> {
  return {
    title,
    key: 'actions',
    fixed: 'right',
    render: (_, row) => <RowActions actions={actionsOf(row)} />,
  };
}
