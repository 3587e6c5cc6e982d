import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { channelKeys } from '../query-keys';

/**
 * A channel write that changes the list: on success the list reloads and `successText` is shown,
 * on failure the server's (localised) message.
 */
export function useListMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  successText: (result: TResult, variables: TVariables) => string,
) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      void message.success(successText(result, variables));
      await queryClient.invalidateQueries({ queryKey: channelKeys.lists() });
    },
    onError: (error) => void message.error(error.message),
  });
}
