import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatTarget } from '../hooks/use-chat-target';

/** What a chat page shows until its link is ready: a spinner, or the spec's error. */
export function ChatPending({ target }: { target: Exclude<ChatTarget, { kind: 'ready' }> }) {
  const { t } = useTranslation();
  if (target.kind === 'loading')
    return <Spin size="large" style={{ display: 'block', margin: '96px auto' }} />;
  return <Result status="warning" title={t(`chatLinks.errors.${target.problem}`)} />;
}
