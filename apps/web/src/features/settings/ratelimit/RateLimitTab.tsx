import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionNumber, OptionSwitch, OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';

const MODEL_LIMIT_KEYS = [
  'ModelRequestRateLimitEnabled',
  'ModelRequestRateLimitDurationMinutes',
  'ModelRequestRateLimitCount',
  'ModelRequestRateLimitSuccessCount',
] as const;

const EXEMPT_KEYS = [
  'global.rate_limit_exempt_enabled',
  'global.rate_limit_exempt_group',
  'global.safe_check_exempt_enabled',
  'global.safe_check_exempt_group',
] as const;

/** Rate limit tab: the per-user model request limit and the groups exempt from it (spec 000 §5). */
export function RateLimitTab({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <OptionPanel title={t('settings.rateLimit.title')} keys={MODEL_LIMIT_KEYS} stored={stored}>
        <OptionSwitch name="ModelRequestRateLimitEnabled" label={t('settings.rateLimit.enabled')} />
        <OptionNumber
          name="ModelRequestRateLimitDurationMinutes"
          label={t('settings.rateLimit.period')}
          unit={t('settings.units.minutes')}
        />
        <OptionNumber
          name="ModelRequestRateLimitCount"
          label={t('settings.rateLimit.count')}
          extra={t('settings.rateLimit.countHint')}
          unit={t('settings.units.times')}
        />
        <OptionNumber
          name="ModelRequestRateLimitSuccessCount"
          label={t('settings.rateLimit.successCount')}
          extra={t('settings.rateLimit.successCountHint')}
          unit={t('settings.units.times')}
        />
      </OptionPanel>
      <OptionPanel title={t('settings.rateLimit.exemptTitle')} keys={EXEMPT_KEYS} stored={stored}>
        <OptionSwitch
          name="global.rate_limit_exempt_enabled"
          label={t('settings.rateLimit.rateExemptEnabled')}
          extra={t('settings.rateLimit.rateExemptHint')}
        />
        <OptionText name="global.rate_limit_exempt_group" label={t('settings.rateLimit.exemptGroup')} />
        <OptionSwitch
          name="global.safe_check_exempt_enabled"
          label={t('settings.rateLimit.safeExemptEnabled')}
          extra={t('settings.rateLimit.safeExemptHint')}
        />
        <OptionText name="global.safe_check_exempt_group" label={t('settings.rateLimit.exemptGroup')} />
      </OptionPanel>
    </Flex>
  );
}
