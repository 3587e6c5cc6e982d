import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-title';
import { useChatTarget } from '../hooks/use-chat-target';
import { ChatPending } from './ChatProblem';

/** /chat/{id?}: the chat app `id` (default the first) in a frame, signed in with the user's first enabled token. */
export function ChatFramePage({ index }: { index: number }) {
  const { t } = useTranslation();
  usePageTitle(t('chatLinks.frameTitle'));
  const target = useChatTarget(index);
  if (target.kind !== 'ready') return <ChatPending target={target} />;
  return (
    <iframe
      title={target.name}
      src={target.url}
      style={{ width: '100%', height: 'calc(100vh - 140px)', border: 'none' }}
    />
  );
}
