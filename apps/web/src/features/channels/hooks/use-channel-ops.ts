import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelView } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { testChannel, updateChannelBalance } from '../api';
import { channelKeys } from '../query-keys';

/** One channel's test and balance refresh: each says how it went and reloads the list (time, balance). */
export function useChannelOps() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: channelKeys.lists() });

  const test = useMutation({
    mutationFn: ({ channel, model }: { channel: ChannelView; model?: string }) =>
      testChannel(channel.id, model),
    onSuccess: (answer, { channel }) =>
      void message.success(
        t('channels.ops.messages.tested', { name: channel.name, time: answer.time.toFixed(2) }),
      ),
    onError: (error) => void message.error(error.message),
    // A failed test stores its time too.
    onSettled: reload,
  });
  const balance = useMutation({
    mutationFn: (channel: ChannelView) => updateChannelBalance(channel.id),
    onSuccess: async (answer, channel) => {
      void message.success(
        t('channels.ops.messages.balanceUpdated', { name: channel.name, balance: answer.balance.toFixed(2) }),
      );
      await reload();
    },
    onError: (error) => void message.error(error.message),
  });

  return {
    /** Resolves null when the test passed, else why it failed (also said in a toast). */
    test: (channel: ChannelView, model?: string): Promise<string | null> =>
      test.mutateAsync({ channel, model }).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
    updateBalance: (channel: ChannelView) => balance.mutate(channel),
    balanceId: balance.isPending ? (balance.variables?.id ?? null) : null,
  };
}
