import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChannelOpsKind, fetchChannelRunProgress, startChannelRun } from '../api';
import { channelKeys } from '../query-keys';

const POLL_MS = 1000;

/**
 * "Test all channels" or "update all balances": starts the run, polls its progress while it runs (any
 * replica answers) and reloads the list as channels are done, so response times and balances show up.
 */
export function useChannelRun(kind: ChannelOpsKind) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [watched, setWatched] = useState(false);
  const progress = useQuery({
    queryKey: channelKeys.runProgress(kind),
    queryFn: () => fetchChannelRunProgress(kind),
    refetchInterval: (query) => (query.state.data?.running ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => startChannelRun(kind),
    onSuccess: (started) => {
      queryClient.setQueryData(channelKeys.runProgress(kind), started);
      setWatched(true);
      void message.info(t('channels.ops.messages.runStarted'));
    },
    onError: (error) => void message.error(error.message),
  });

  const running = progress.data?.running ?? false;
  // Each channel done (or a new run) changes the stamp; the first stamp seen is the page's starting point.
  const stamp = progress.data ? `${progress.data.started_at}:${progress.data.done}:${running}` : '';
  const lastStamp = useRef('');
  useEffect(() => {
    if (lastStamp.current !== '' && stamp !== lastStamp.current) {
      void queryClient.invalidateQueries({ queryKey: channelKeys.lists() });
    }
    lastStamp.current = stamp;
  }, [stamp, queryClient]);

  return {
    progress: progress.data,
    running: running || start.isPending,
    /** A run is under way, or one started from this page has finished. */
    visible: running || watched,
    start: () => start.mutate(),
  };
}
