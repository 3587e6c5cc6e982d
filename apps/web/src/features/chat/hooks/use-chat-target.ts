import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { chatUrl, type ChatLinkProblem, readChatLinks } from '../../../shared/chat-links/chat-links';
import { useStatus } from '../../../shared/status/use-status';
import { fetchFirstEnabledToken } from '../api';

// Spec 001 §4: with no enabled token the page goes to the token list after 1.5 s.
const TO_TOKENS_AFTER_MS = 1500;

export type ChatTarget =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: ChatLinkProblem | 'noToken' }
  | { kind: 'ready'; name: string; url: string };

/** The chat app `index` (default the first) opened with the user's first enabled token. */
export function useChatTarget(index: number): ChatTarget {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { data: status } = useStatus();
  const read = readChatLinks();
  const links = 'links' in read ? read.links : [];
  const link = links[index];
  const token = useQuery({
    queryKey: ['chat-token'],
    queryFn: fetchFirstEnabledToken,
    enabled: link !== undefined,
  });
  const noToken = token.isSuccess && token.data === null;

  useEffect(() => {
    if (!noToken) return;
    void message.error(t('chatLinks.errors.noToken'));
    const timer = setTimeout(() => void navigate({ to: '/app/tokens' }), TO_TOKENS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [noToken, message, navigate, t]);

  if ('problem' in read) return { kind: 'problem', problem: read.problem };
  if (!link) return { kind: 'problem', problem: 'misconfigured' };
  if (noToken) return { kind: 'problem', problem: 'noToken' };
  if (!token.data) return { kind: 'loading' };
  return { kind: 'ready', name: link.name, url: chatUrl(link, token.data.key, status?.server_address ?? '') };
}
