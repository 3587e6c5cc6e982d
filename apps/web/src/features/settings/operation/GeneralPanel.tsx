import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionNumber, OptionSwitch, OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { FieldGrid } from './FieldGrid';

const GENERAL_KEYS = [
  'TopUpLink',
  'QuotaPerUnit',
  'RetryTimes',
  'DisplayInCurrencyEnabled',
  'DisplayTokenStatEnabled',
  'DefaultCollapseSidebar',
  'DemoSiteEnabled',
  'SelfUseModeEnabled',
] as const;

/** Top-up link, quota unit, retries, how quota is shown, and the usage modes chosen at setup. */
export function GeneralPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.operation.general' });
  return (
    <OptionPanel title={label('title')} keys={GENERAL_KEYS} stored={stored}>
      <FieldGrid>
        <OptionText
          name="TopUpLink"
          label={label('topUpLink')}
          placeholder={label('topUpLinkPlaceholder')}
          extra={label('topUpLinkHint')}
        />
        <OptionNumber
          name="QuotaPerUnit"
          label={label('quotaPerUnit')}
          extra={label('quotaPerUnitHint')}
          step={1}
        />
        <OptionNumber
          name="RetryTimes"
          label={label('retryTimes')}
          extra={label('retryTimesHint')}
          unit={t('settings.units.times')}
        />
      </FieldGrid>
      <FieldGrid>
        <OptionSwitch name="DisplayInCurrencyEnabled" label={label('displayInCurrency')} />
        <OptionSwitch
          name="DisplayTokenStatEnabled"
          label={label('displayTokenStat')}
          extra={label('displayTokenStatHint')}
        />
        <OptionSwitch name="DefaultCollapseSidebar" label={label('defaultCollapseSidebar')} />
        <OptionSwitch name="DemoSiteEnabled" label={label('demoSite')} extra={label('demoSiteHint')} />
        <OptionSwitch name="SelfUseModeEnabled" label={label('selfUse')} extra={label('selfUseHint')} />
      </FieldGrid>
    </OptionPanel>
  );
}
