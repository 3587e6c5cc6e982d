import { CopyOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../lib/use-copy-text';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { ListLoadError } from '../../../shared/components/ListLoadError';
import { usePricing } from '../hooks/use-pricing';
import { PricingBanner } from './PricingBanner';
import { PricingTable } from './PricingTable';

/** /pricing: every model an enabled channel serves, priced for the chosen group. */
export function PricingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = useCopyText();
  const pricing = usePricing();
  const [selected, setSelected] = useState<string[]>([]);

  const copySelected = () => {
    if (selected.length === 0) void message.warning(t('pricing.selectFirst'));
    else void copy(selected.join(','));
  };

  return (
    <ConsolePage title={t('pricing.title')}>
      <PricingBanner pricing={pricing} />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('pricing.search')}
            aria-label={t('pricing.search')}
            value={pricing.keyword}
            onChange={(event) => pricing.setKeyword(event.target.value)}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
          <Button icon={<CopyOutlined />} onClick={copySelected}>
            {t('pricing.copySelected')}
          </Button>
        </Flex>
        {pricing.error ? (
          <ListLoadError error={pricing.error} onRetry={pricing.retry} />
        ) : (
          <PricingTable pricing={pricing} selected={selected} onSelect={setSelected} />
        )}
      </Card>
    </ConsolePage>
  );
}
