import { PRICE_MAP_KEYS } from '@tollgate/contracts';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../../components/OptionPanel';
import { OptionJson } from '../../components/option-fields';
import type { StoredOptions } from '../../option-values';
import { useResetModelRatio } from '../hooks/use-reset-model-ratio';

/** The four pricing options as JSON, and the reset of the model ratios to their defaults. */
export function ModelRatioPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const { reset, isResetting } = useResetModelRatio();
  const resetButton = (
    <Popconfirm
      title={t('settings.ratios.model.resetConfirm')}
      description={t('settings.ratios.model.resetDescription')}
      okButtonProps={{ danger: true }}
      onConfirm={reset}
    >
      <Button danger loading={isResetting}>
        {t('settings.ratios.model.reset')}
      </Button>
    </Popconfirm>
  );
  return (
    <OptionPanel
      title={t('settings.ratios.model.title')}
      keys={PRICE_MAP_KEYS}
      stored={stored}
      actions={resetButton}
    >
      <OptionJson
        name="ModelPrice"
        label={t('settings.ratios.model.modelPrice')}
        extra={t('settings.ratios.model.modelPriceHint')}
        rows={8}
        pretty
      />
      <OptionJson
        name="ModelRatio"
        label={t('settings.ratios.model.modelRatio')}
        extra={t('settings.ratios.model.modelRatioHint')}
        rows={8}
        pretty
      />
      <OptionJson
        name="CompletionRatio"
        label={t('settings.ratios.model.completionRatio')}
        extra={t('settings.ratios.model.completionRatioHint')}
        rows={8}
        pretty
      />
      <OptionJson
        name="CacheRatio"
        label={t('settings.ratios.model.cacheRatio')}
        extra={t('settings.ratios.model.cacheRatioHint')}
        rows={8}
        pretty
      />
    </OptionPanel>
  );
}
