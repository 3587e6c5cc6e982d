import { useListMutation } from '../../../shared/hooks/use-list-mutation';
import { channelKeys } from '../query-keys';

/** A channel write that changes the list: reloads every channel list page (see the shared hook). */
export function useChannelMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  successText: (result: TResult, variables: TVariables) => string,
) {
  return useListMutation(channelKeys.lists(), mutationFn, successText);
}
