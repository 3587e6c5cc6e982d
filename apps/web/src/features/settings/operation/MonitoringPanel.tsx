import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionNumber, OptionSwitch, OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { FieldGrid } from './FieldGrid';

const MONITORING_KEYS = [
  'ChannelDisableThreshold',
  'AutomaticDisableChannelEnabled',
  'AutomaticEnableChannelEnabled',
  'AutomaticDisableKeywords',
] as const;

/** When channels are disabled and enabled again by themselves (reference §2.6). */
export function MonitoringPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.operation.monitoring' });
  return (
    <OptionPanel title={label('title')} keys={MONITORING_KEYS} stored={stored}>
      <FieldGrid>
        <OptionNumber
          name="ChannelDisableThreshold"
          label={label('threshold')}
          extra={label('thresholdHint')}
          unit={t('settings.units.seconds')}
          step={1}
        />
        <OptionSwitch
          name="AutomaticDisableChannelEnabled"
          label={label('autoDisable')}
          extra={label('autoDisableHint')}
        />
        <OptionSwitch
          name="AutomaticEnableChannelEnabled"
          label={label('autoEnable')}
          extra={label('autoEnableHint')}
        />
      </FieldGrid>
      <OptionText
        name="AutomaticDisableKeywords"
        label={label('keywords')}
        extra={label('keywordsHint')}
        rows={6}
      />
    </OptionPanel>
  );
}
