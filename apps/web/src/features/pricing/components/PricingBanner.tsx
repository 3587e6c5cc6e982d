import { Alert, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../shared/status/use-status';
import type { usePricing } from '../hooks/use-pricing';

interface PricingBannerProps {
  pricing: ReturnType<typeof usePricing>;
}

/** The caller's group and its ratio, and the group whose prices the table shows (to compare). */
export function PricingBanner({ pricing }: PricingBannerProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const values = { group: pricing.ownGroup, ratio: pricing.ownRatio };
  const groups = Object.entries(pricing.usableGroups);

  return (
    <Alert
      type="info"
      showIcon
      title={pricing.signedIn ? t('pricing.banner.yourGroup', values) : t('pricing.banner.visitor', values)}
      description={
        <Flex gap={8} wrap align="center">
          <Typography.Text type="secondary">
            {status?.display_in_currency ? t('pricing.banner.currency') : t('pricing.banner.quota')}
          </Typography.Text>
          {groups.length > 0 && (
            <Flex gap={8} align="center">
              <Typography.Text>{t('pricing.banner.compare')}</Typography.Text>
              <Select
                aria-label={t('pricing.banner.compare')}
                value={pricing.group}
                onChange={pricing.setGroup}
                style={{ minWidth: 160 }}
                options={groups.map(([name, desc]) => ({
                  value: name,
                  label: `${name} · ${desc} (×${pricing.groupRatios[name] ?? 1})`,
                }))}
              />
            </Flex>
          )}
        </Flex>
      }
    />
  );
}
