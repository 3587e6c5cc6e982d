import { type TokenCaller } from '../relay/auth/token-authenticator';
import { relayError } from '../relay/errors/relay-errors';
import { type ChannelSelector, type Selection } from '../relay/routing/channel-selector';

/** A channel of one of `types` serving the model in the caller's group (or an administrator's forced one). */
export function taskChannel(
  selector: ChannelSelector,
  caller: TokenCaller,
  model: string,
  types: readonly number[],
): Selection {
  if (caller.forcedChannelId !== null) {
    const forced = selector.forced(caller.forcedChannelId, model);
    if (!types.includes(forced.channel.type)) throw relayError('invalid_channel_id');
    return forced;
  }
  const skipped = new Set<number>();
  for (;;) {
    const selection = selector.pick(caller.group, model, 0, skipped);
    if (!selection) throw relayError('no_available_channel', { model, group: caller.group });
    if (types.includes(selection.channel.type)) return selection;
    skipped.add(selection.channel.id);
  }
}
