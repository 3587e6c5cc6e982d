import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyChannel } from '../api';
import { channelKeys } from '../query-keys';

/** Copies a channel on the server (its sealed key included, which the console never sees) and lists the copy. */
export function useCopyChannel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) => copyChannel(id, t('channels.copySuffix')),
    onSuccess: async (copy) => {
      void message.success(t('channels.messages.copied', { name: copy.name }));
      await queryClient.invalidateQueries({ queryKey: channelKeys.lists() });
    },
    onError: (error) =>
      void message.error(
        error.message
          ? t('channels.messages.copyFailedWith', { reason: error.message })
          : t('channels.messages.copyFailed'),
      ),
  });
  return {
    copy: (id: number) => mutation.mutate(id),
    copyingId: mutation.isPending ? (mutation.variables ?? null) : null,
  };
}
