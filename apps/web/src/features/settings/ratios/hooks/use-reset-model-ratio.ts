import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { resetModelRatio } from '../../api';
import { optionsQuery } from '../../hooks/use-options';

/** POST /api/option/rest_model_ratio, then the options again so every editor shows the defaults. */
export function useResetModelRatio() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: resetModelRatio,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: optionsQuery.queryKey });
      void message.success(t('settings.ratios.model.resetDone'));
    },
    onError: (error) => void message.error(error.message),
  });
  return { reset: () => mutation.mutate(), isResetting: mutation.isPending };
}
