import {
  type ModelPriceRow,
  type PriceFill,
  changedPriceOptions,
  emptyPriceRow,
  fillPriceRows,
  mergeRowsIntoMaps,
  modelsWithoutPrice,
  parsePriceMaps,
} from '@tollgate/contracts';
import { App, Button, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../../shared/components/PagedTable';
import { useOptionSaver } from '../../hooks/use-option-saver';
import type { StoredOptions } from '../../option-values';
import { useEnabledModels } from '../hooks/use-enabled-models';
import { useLocalRows } from '../hooks/use-local-rows';
import { usePriceEditorIssue } from '../hooks/use-price-editor-issue';
import { BatchFillBar } from './BatchFillBar';
import { priceRowColumns, pricingVersion, withIds } from './price-row-columns';

interface UnsetModelsTableProps {
  stored: StoredOptions;
  models: ReturnType<typeof useEnabledModels>;
}

/**
 * Models enabled on channels that billing has no price or model ratio for (calls to them are refused):
 * typed in place or batch-filled, then saved into the pricing options.
 */
export function UnsetModelsEditor({ stored }: { stored: StoredOptions }) {
  const models = useEnabledModels();
  // Starts again when the options or the enabled models change, so a saved model leaves the list.
  const version = `${pricingVersion(stored.values)}\n${(models.data ?? []).join(',')}`;
  return <UnsetModelsTable key={version} stored={stored} models={models} />;
}

function UnsetModelsTable({ stored, models }: UnsetModelsTableProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refuse = usePriceEditorIssue();
  const { save, isSaving } = useOptionSaver();
  const maps = useMemo(() => parsePriceMaps(stored.values), [stored.values]);
  const [rows, setRows] = useState<ModelPriceRow[]>(() =>
    modelsWithoutPrice(models.data ?? [], maps).map(emptyPriceRow),
  );
  const shown = useMemo(() => withIds(rows), [rows]);
  const list = useLocalRows('unset-models', shown, models);

  const fill = (values: PriceFill) => {
    const filled = fillPriceRows(
      rows,
      list.selected.map((row) => row.name),
      values,
    );
    if (!filled.ok) {
      refuse(filled.issue);
      return;
    }
    setRows(filled.value);
    void message.success(t('settings.ratios.unset.filled', { count: list.selected.length }));
  };

  const columns = priceRowColumns({
    t,
    onChange: (name, field, text) =>
      setRows((current) => current.map((row) => (row.name === name ? { ...row, [field]: text } : row))),
    onNotNumber: () => refuse('not_a_number'),
  });

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('settings.ratios.unset.description')}</Typography.Text>
      <BatchFillBar selectedCount={list.selected.length} onFill={fill} />
      <PagedTable
        list={list}
        columns={columns}
        size="small"
        selectable
        totalText={(total) => t('settings.ratios.total', { total })}
        // Kept out when loading failed: the table then shows why, with a retry.
        {...(list.error ? {} : { locale: { emptyText: t('settings.ratios.unset.empty') } })}
      />
      <Flex gap={8} wrap align="center">
        <Button
          type="primary"
          loading={isSaving}
          onClick={() => void save(changedPriceOptions(mergeRowsIntoMaps(maps, rows), stored.values), stored)}
        >
          {t('settings.save')}
        </Button>
        <Typography.Text type="secondary">{t('settings.ratios.saveHint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
