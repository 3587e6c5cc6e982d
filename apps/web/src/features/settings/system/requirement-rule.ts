import {
  OPTION_KEYS,
  type OptionKey,
  isSecretOption,
  missingRequirements,
  optionIssue,
  optionIssueMessage,
} from '@tollgate/contracts';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { useStoredOptions } from '../components/OptionPanel';
import type { StoredOptions } from '../option-values';
import { useFieldLabel } from './field-labels';

const SECRET_KEYS = OPTION_KEYS.filter(isSecretOption);

/**
 * What the server holds, as far as the contracts' requirement rule needs it: the console is never sent
 * secrets, but it knows which are set, so an unset secret counts as empty here.
 */
export function requirementContext(stored: StoredOptions): Record<string, string> {
  const context: Record<string, string> = { ...stored.values };
  for (const key of SECRET_KEYS) context[key] = stored.secretsSet.has(key) ? 'set' : '';
  return context;
}

/**
 * A switch's rule: turning it on needs the options OPTION_REQUIREMENTS names to be stored already
 * (switches are saved before other fields, so a value typed in the same panel does not count yet).
 * The refusal names the missing fields by their labels.
 */
export function useRequirementRule(key: OptionKey): Rule {
  const stored = useStoredOptions();
  const label = useFieldLabel();
  const { t } = useTranslation();
  return {
    validator: (_, value: unknown) => {
      const turningOn = value === true && stored.values[key] !== 'true';
      const missing = turningOn ? missingRequirements(key, requirementContext(stored)) : [];
      if (missing.length === 0) return Promise.resolve();
      const issue = optionIssue('requires_option', {
        key: label(key),
        required: missing.map(label).join(t('settings.system.listSeparator')),
      });
      return Promise.reject(new Error(optionIssueMessage(issue, currentLanguage())));
    },
  };
}
