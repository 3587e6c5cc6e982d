import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type ModelPriceRow,
  addPriceRow,
  changedPriceOptions,
  parsePriceMaps,
  priceMapsFromRows,
  priceRowsFromMaps,
} from '@tollgate/contracts';
import { Button, Flex, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../../shared/components/PagedTable';
import { rowActionsColumn } from '../../../../shared/components/RowActions';
import { useOptionSaver } from '../../hooks/use-option-saver';
import type { StoredOptions } from '../../option-values';
import { useLocalRows } from '../hooks/use-local-rows';
import { usePriceEditorIssue } from '../hooks/use-price-editor-issue';
import { PriceRowDialog } from './PriceRowDialog';
import { priceRowColumns, pricingVersion, withIds } from './price-row-columns';

/** The dialog on screen: a new model, or the row being edited. */
type DialogTarget = { row: ModelPriceRow | null } | null;

/**
 * One row per model named in the pricing options, editable in place or in a dialog; Save writes the JSON
 * options the edits changed. Starts again from the server's values whenever those options change.
 */
export function VisualRatioEditor({ stored }: { stored: StoredOptions }) {
  return <VisualRatioTable key={pricingVersion(stored.values)} stored={stored} />;
}

function VisualRatioTable({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const refuse = usePriceEditorIssue();
  const { save, isSaving } = useOptionSaver();
  const [rows, setRows] = useState(() => priceRowsFromMaps(parsePriceMaps(stored.values)));
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<DialogTarget>(null);

  const shown = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    return withIds(needle ? rows.filter((row) => row.name.toLowerCase().includes(needle)) : rows);
  }, [rows, keyword]);
  const list = useLocalRows('model-price-editor', shown);

  const updateRow = (changed: ModelPriceRow) =>
    setRows((current) => current.map((row) => (row.name === changed.name ? changed : row)));
  const finishDialog = (row: ModelPriceRow) => {
    if (dialog?.row) {
      updateRow(row);
      setDialog(null);
      return;
    }
    const added = addPriceRow(rows, row);
    if (!added.ok) {
      refuse(added.issue);
      return;
    }
    // The new model is listed first until saved; clear the search so it shows.
    setRows(added.value);
    setKeyword('');
    list.toFirstPage();
    setDialog(null);
  };

  const columns = [
    ...priceRowColumns({
      t,
      onChange: (name, field, text) =>
        setRows((current) => current.map((row) => (row.name === name ? { ...row, [field]: text } : row))),
      onNotNumber: () => refuse('not_a_number'),
    }),
    rowActionsColumn<ModelPriceRow & { id: string }>(t('settings.ratios.columns.actions'), (row) => [
      { label: t('settings.ratios.edit'), onClick: () => setDialog({ row }) },
      {
        label: t('settings.ratios.remove'),
        danger: true,
        onClick: () => setRows((current) => current.filter((other) => other.name !== row.name)),
      },
    ]),
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('settings.ratios.search')}
          aria-label={t('settings.ratios.search')}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            list.toFirstPage();
          }}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        <Button icon={<PlusOutlined />} onClick={() => setDialog({ row: null })}>
          {t('settings.ratios.add')}
        </Button>
        <Button
          type="primary"
          loading={isSaving}
          onClick={() => void save(changedPriceOptions(priceMapsFromRows(rows), stored.values), stored)}
        >
          {t('settings.save')}
        </Button>
        <Typography.Text type="secondary">{t('settings.ratios.saveHint')}</Typography.Text>
      </Flex>
      <PagedTable
        list={list}
        columns={columns}
        size="small"
        totalText={(total) => t('settings.ratios.total', { total })}
      />
      {dialog && (
        <PriceRowDialog
          row={dialog.row}
          takenNames={rows.map((row) => row.name)}
          onDone={finishDialog}
          onCancel={() => setDialog(null)}
        />
      )}
    </Flex>
  );
}
