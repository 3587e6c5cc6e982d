import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { fetchSelfGroups, fetchUserModels } from '../api';
import { PLAYGROUND_DEFAULTS, type PlaygroundSettings } from '../playground-defaults';

/** The side panel's settings, starting at spec 001 §9's defaults, and the groups and models to pick from. */
export function usePlaygroundSettings() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const groups = useQuery({ queryKey: ['self-groups', user?.id], queryFn: fetchSelfGroups });
  const models = useQuery({ queryKey: ['user-models', user?.id], queryFn: fetchUserModels });
  const [settings, setSettings] = useState<PlaygroundSettings>(() => ({
    group: '',
    model: PLAYGROUND_DEFAULTS.model,
    temperature: PLAYGROUND_DEFAULTS.temperature,
    maxTokens: PLAYGROUND_DEFAULTS.maxTokens,
    systemPrompt: t('playground.defaultSystemPrompt'),
  }));

  return {
    settings,
    change: (patch: Partial<PlaygroundSettings>) => setSettings((current) => ({ ...current, ...patch })),
    // '' = the user's own group, which is always usable.
    group: settings.group || user?.group || '',
    groups: groups.data ?? {},
    models: models.data ?? [],
    loading: groups.isLoading || models.isLoading,
  };
}
