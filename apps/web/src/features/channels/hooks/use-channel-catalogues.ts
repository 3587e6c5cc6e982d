import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/hooks/use-error-message';
import { fetchEnabledModels, fetchGroupNames, fetchKnownModels } from '../api';
import { channelKeys } from '../query-keys';

// Pick lists change rarely while a screen is open.
const STALE_MS = 60_000;

/** Every model the gateway knows (GET /api/channel/models), for the advanced model picker. */
export function useKnownModels(enabled: boolean) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: channelKeys.knownModels(),
    queryFn: fetchKnownModels,
    enabled,
    staleTime: STALE_MS,
  });
  useErrorMessage(query.error, t('channels.messages.modelsFailed'));
  return { data: query.data ?? [], isLoading: query.isLoading };
}

/** Models some enabled channel serves, offered by the model search box. */
export function useEnabledModels() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: channelKeys.enabledModels(),
    queryFn: fetchEnabledModels,
    staleTime: STALE_MS,
  });
  useErrorMessage(query.error, t('channels.messages.enabledModelsFailed'));
  return { data: query.data ?? [], isLoading: query.isLoading };
}

/** Group names for the search box and the group pickers. */
export function useGroupNames() {
  const query = useQuery({ queryKey: channelKeys.groups(), queryFn: fetchGroupNames, staleTime: STALE_MS });
  useErrorMessage(query.error);
  return { data: query.data ?? [], isLoading: query.isLoading };
}
