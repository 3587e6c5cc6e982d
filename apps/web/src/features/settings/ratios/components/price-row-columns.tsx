import { type ModelPriceRow, PRICE_MAP_KEYS, type PriceField, parseAmount } from '@tollgate/contracts';
import { Input, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';

/** A price editor row as the shared paged table keys it (by model name). */
export type PriceTableRow = ModelPriceRow & { id: string };

/**
 * Names the stored pricing options' content: an editor keyed by it starts again from the server's values once
 * they change (a save, a reset), and keeps the admin's unsaved edits across mere reloads of the same values.
 */
export const pricingVersion = (values: Readonly<Record<string, string>>): string =>
  PRICE_MAP_KEYS.map((key) => values[key] ?? '').join('\n');

export const withIds = (rows: readonly ModelPriceRow[]): PriceTableRow[] =>
  rows.map((row) => ({ ...row, id: row.name }));

interface AmountCellProps {
  row: PriceTableRow;
  field: PriceField;
  label: string;
  disabled?: boolean;
  title?: string;
  onChange: (name: string, field: PriceField, text: string) => void;
  /** Told when typed text is not a number (the cell keeps its value). */
  onNotNumber: () => void;
}

/** A value typed straight into the table; anything but a number is refused as it is typed (请输入数字). */
function AmountCell({ row, field, label, disabled, title, onChange, onNotNumber }: AmountCellProps) {
  return (
    <Input
      size="small"
      value={row[field]}
      aria-label={`${label} ${row.name}`}
      disabled={disabled}
      title={title}
      inputMode="decimal"
      style={{ width: '100%', minWidth: 72, maxWidth: 120 }}
      onChange={(event) => {
        const text = event.target.value;
        if (parseAmount(text).ok) onChange(row.name, field, text);
        else onNotNumber();
      }}
    />
  );
}

interface ColumnOptions {
  t: TFunction;
  onChange: AmountCellProps['onChange'];
  onNotNumber: () => void;
}

/**
 * Model, per-call price, model ratio and completion ratio, each editable in place. A price is billed
 * instead of the ratios (reference §3.2), so the ratios are read-only while one is set.
 */
export function priceRowColumns({
  t,
  onChange,
  onNotNumber,
}: ColumnOptions): TableColumnsType<PriceTableRow> {
  const column = (field: 'price' | 'ratio' | 'completionRatio') => {
    const title = t(`settings.ratios.columns.${field}`);
    return {
      title,
      key: field,
      render: (_: unknown, row: PriceTableRow) => {
        const priced = field !== 'price' && row.price !== '';
        return (
          <AmountCell
            row={row}
            field={field}
            label={title}
            disabled={priced}
            title={priced ? t('settings.ratios.priceWins') : undefined}
            onChange={onChange}
            onNotNumber={onNotNumber}
          />
        );
      },
    };
  };
  return [
    {
      title: t('settings.ratios.columns.name'),
      key: 'name',
      render: (_, row) => <Typography.Text copyable>{row.name}</Typography.Text>,
    },
    column('price'),
    column('ratio'),
    column('completionRatio'),
  ];
}
