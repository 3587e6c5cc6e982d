import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';

/**
 * A write that changes a list: on success `successText` is shown, `then` runs (close a dialog, clear a
 * selection) and every query under `listKey` reloads; on failure the server's (localised) message.
 */
export function useListMutation<TVariables, TResult>(
  listKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TResult>,
  successText: (result: TResult, variables: TVariables) => string,
  then?: (result: TResult) => void,
) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      void message.success(successText(result, variables));
      then?.(result);
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error) => void message.error(error.message),
  });
}
