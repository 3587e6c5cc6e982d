import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionNumber, OptionSelect, OptionSwitch } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { FieldGrid } from './FieldGrid';

const DASHBOARD_KEYS = ['DataExportEnabled', 'DataExportInterval', 'DataExportDefaultTime'] as const;

// The catalogue's `oneOf` for DataExportDefaultTime, in the order the dashboard offers them.
const GRANULARITIES = ['hour', 'day', 'week'] as const;

/** The hourly consumption sums behind the dashboard (reference §10). */
export function DashboardPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.operation.dashboard' });
  return (
    <OptionPanel title={label('title')} keys={DASHBOARD_KEYS} stored={stored}>
      <FieldGrid>
        <OptionSwitch name="DataExportEnabled" label={label('enabled')} extra={label('enabledHint')} />
        <OptionNumber
          name="DataExportInterval"
          label={label('interval')}
          extra={label('intervalHint')}
          unit={t('settings.units.minutes')}
        />
        <OptionSelect
          name="DataExportDefaultTime"
          label={label('defaultTime')}
          extra={label('defaultTimeHint')}
          options={GRANULARITIES.map((value) => ({ value, label: label(value) }))}
        />
      </FieldGrid>
    </OptionPanel>
  );
}
