import { chatUrl, type ChatLinkProblem, readChatLinks } from '../../../shared/chat-links/chat-links';
import { useEnabledToken } from '../../../shared/enabled-token/use-enabled-token';
import { useStatus } from '../../../shared/status/use-status';

export type ChatTarget =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: ChatLinkProblem | 'noToken' }
  | { kind: 'ready'; name: string; url: string };

/** The chat app `index` (default the first) opened with the user's first enabled token. */
export function useChatTarget(index: number): ChatTarget {
  const { data: status } = useStatus();
  const read = readChatLinks();
  const links = 'links' in read ? read.links : [];
  const link = links[index];
  const { token, noToken } = useEnabledToken(link !== undefined);

  if ('problem' in read) return { kind: 'problem', problem: read.problem };
  if (!link) return { kind: 'problem', problem: 'misconfigured' };
  if (noToken) return { kind: 'problem', problem: 'noToken' };
  if (!token) return { kind: 'loading' };
  return { kind: 'ready', name: link.name, url: chatUrl(link, token.key, status?.server_address ?? '') };
}
