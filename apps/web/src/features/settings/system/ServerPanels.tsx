import type { OptionKey } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionSecret, OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { useFieldLabel } from './field-labels';

const SERVER_KEYS = ['ServerAddress'] as const satisfies readonly OptionKey[];
const WORKER_KEYS = ['WorkerUrl', 'WorkerValidKey'] as const satisfies readonly OptionKey[];

export function ServerAddressPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (
    <OptionPanel title={t('settings.system.panels.server')} keys={SERVER_KEYS} stored={stored}>
      <OptionText
        name="ServerAddress"
        label={label('ServerAddress')}
        extra={t('settings.system.hints.ServerAddress')}
        placeholder="https://example.com"
      />
    </OptionPanel>
  );
}

/** Fetches of caller-supplied URLs go through the worker when one is set. */
export function WorkerPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (
    <OptionPanel title={t('settings.system.panels.worker')} keys={WORKER_KEYS} stored={stored}>
      <OptionText
        name="WorkerUrl"
        label={label('WorkerUrl')}
        extra={t('settings.system.hints.WorkerUrl')}
        placeholder="https://worker.example.com"
      />
      <OptionSecret name="WorkerValidKey" label={label('WorkerValidKey')} />
    </OptionPanel>
  );
}
