import type { OptionKey } from '@tollgate/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { systemSettingsZh } from './i18n';

type FieldLabelKey = keyof typeof systemSettingsZh.fields;

/** The label of a system option, also used to name it in messages (never the raw key). */
export function useFieldLabel(): (key: OptionKey) => string {
  const { t } = useTranslation();
  return useCallback(
    (key: OptionKey) => t(`settings.system.fields.${key.replace(/\./g, '_') as FieldLabelKey}`),
    [t],
  );
}
