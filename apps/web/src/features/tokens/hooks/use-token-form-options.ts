import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/hooks/use-error-message';
import { fetchSelfGroups, fetchUserModels } from '../api';

export interface GroupOption {
  value: string;
  label: string;
}

/**
 * Choices of the token drawer: the groups the user may pick and the models suggested for the model limit
 * (no suggestions when the list cannot be had; the field takes typed names either way).
 */
export function useTokenFormOptions(enabled: boolean) {
  const { t } = useTranslation();
  const groups = useQuery({ queryKey: ['self-groups'], queryFn: fetchSelfGroups, enabled });
  const models = useQuery({ queryKey: ['user-models'], queryFn: fetchUserModels, enabled, retry: false });

  useErrorMessage(groups.error);

  const groupOptions: GroupOption[] = Object.entries(groups.data ?? {}).map(([name, group]) => ({
    value: name,
    label: t('tokens.form.groupOption', { name, desc: group.desc, ratio: group.ratio }),
  }));

  return { groupOptions, models: models.data ?? null };
}
