import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionSwitch, OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { FieldGrid } from './FieldGrid';

const SENSITIVE_KEYS = ['CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'SensitiveWords'] as const;

/** The prompt check against a word list (groups exempt from it are on the rate limit tab). */
export function SensitiveWordsPanel({ stored }: { stored: StoredOptions }) {
  const { t: label } = useTranslation(undefined, { keyPrefix: 'settings.operation.sensitive' });
  return (
    <OptionPanel title={label('title')} keys={SENSITIVE_KEYS} stored={stored}>
      <FieldGrid>
        <OptionSwitch name="CheckSensitiveEnabled" label={label('enabled')} />
        <OptionSwitch
          name="CheckSensitiveOnPromptEnabled"
          label={label('onPrompt')}
          extra={label('onPromptHint')}
        />
      </FieldGrid>
      <OptionText name="SensitiveWords" label={label('words')} extra={label('wordsHint')} rows={6} />
    </OptionPanel>
  );
}
