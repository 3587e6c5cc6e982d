import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionNumber, OptionSwitch } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { ClearLogsField } from './ClearLogsField';
import { FieldGrid } from './FieldGrid';

const LOGS_KEYS = [
  'LogConsumeEnabled',
  'LogChatContentEnabled',
  'LogErrorEnabled',
  'LogRetentionDays',
] as const;

/** What is logged and for how long, and clearing old rows by hand. */
export function LogsPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.operation.logs' });
  return (
    <OptionPanel title={label('title')} keys={LOGS_KEYS} stored={stored}>
      <FieldGrid>
        <OptionSwitch name="LogConsumeEnabled" label={label('consume')} />
        <OptionSwitch
          name="LogChatContentEnabled"
          label={label('chatContent')}
          extra={label('chatContentHint')}
        />
        <OptionSwitch name="LogErrorEnabled" label={label('errors')} extra={label('errorsHint')} />
        <OptionNumber
          name="LogRetentionDays"
          label={label('retentionDays')}
          extra={label('retentionDaysHint')}
          unit={t('settings.units.days')}
        />
      </FieldGrid>
      <Divider titlePlacement="start" plain>
        {label('clearTitle')}
      </Divider>
      <ClearLogsField />
    </OptionPanel>
  );
}
