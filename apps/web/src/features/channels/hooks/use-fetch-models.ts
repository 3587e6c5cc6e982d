import { useMutation } from '@tanstack/react-query';
import type { FetchModelsRequest } from '@tollgate/contracts';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchUpstreamModels } from '../api';
import type { ChannelFormValues } from '../channel-form';

/**
 * The drawer's "fetch models": the provider's list, by id for a stored channel and by type, base URL and
 * key text for one being added (the server takes its first key as the channel would: a line, or a Vertex AI
 * service account's whole JSON); merged into the models field without repeats.
 */
export function useFetchModels(form: FormInstance<ChannelFormValues>, channelId: number | undefined) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fetchModels = useMutation({
    mutationFn: fetchUpstreamModels,
    onSuccess: (fetched) => {
      const current = (form.getFieldValue('models') as string[] | undefined) ?? [];
      form.setFieldValue('models', [...new Set([...current, ...fetched])]);
      void message.success(t('channels.ops.messages.modelsFetched', { count: fetched.length }));
    },
    onError: (error) => void message.error(error.message),
  });

  const run = (): void => {
    if (channelId !== undefined) {
      fetchModels.mutate(channelId);
      return;
    }
    const key = ((form.getFieldValue('key') as string | undefined) ?? '').trim();
    if (key === '') {
      void message.error(t('channels.ops.messages.keyRequired'));
      return;
    }
    const draft: FetchModelsRequest = {
      type: form.getFieldValue('type') as number,
      key,
      base_url: form.getFieldValue('base_url') as string | undefined,
    };
    fetchModels.mutate(draft);
  };

  return { run, isFetching: fetchModels.isPending };
}
