import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StoredOptions } from '../option-values';
import { FallbackPricingPanel } from './components/FallbackPricingPanel';
import { ModelRatioPanel } from './components/ModelRatioPanel';
import { UnsetModelsEditor } from './components/UnsetModelsEditor';
import { VisualRatioEditor } from './components/VisualRatioEditor';

/**
 * The operation tab's pricing: the pricing options as JSON, the same as a table of models, the enabled models
 * still without a price, and the fallback price for those (spec 000 §2, §5; spec 001 §2).
 */
export function RatioSettings({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.ratios.title')} size="small">
      <Tabs
        items={[
          {
            key: 'model',
            label: t('settings.ratios.tabs.model'),
            children: <ModelRatioPanel stored={stored} />,
          },
          {
            key: 'visual',
            label: t('settings.ratios.tabs.visual'),
            children: <VisualRatioEditor stored={stored} />,
          },
          {
            key: 'unset_models',
            label: t('settings.ratios.tabs.unsetModels'),
            children: <UnsetModelsEditor stored={stored} />,
          },
          {
            key: 'fallback',
            label: t('settings.ratios.tabs.fallback'),
            children: <FallbackPricingPanel stored={stored} />,
          },
        ]}
      />
    </Card>
  );
}
