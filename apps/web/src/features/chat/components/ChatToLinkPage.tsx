import { Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatTarget } from '../hooks/use-chat-target';
import { ChatPending } from './ChatProblem';

/** /chat2link: leaves for the first chat app, signed in with the user's first enabled token. */
export function ChatToLinkPage() {
  const { t } = useTranslation();
  const target = useChatTarget(0);
  const url = target.kind === 'ready' ? target.url : null;

  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);

  if (target.kind !== 'ready') return <ChatPending target={target} />;
  return (
    <Typography.Paragraph style={{ textAlign: 'center', paddingTop: 96 }}>
      <Spin /> {t('chatLinks.redirecting')}
    </Typography.Paragraph>
  );
}
