import { ClearOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { usePlaygroundChat } from '../hooks/use-playground-chat';
import { MessageBubble } from './MessageBubble';

interface ChatAreaProps {
  chat: ReturnType<typeof usePlaygroundChat>;
}

/** The conversation, the input and its send / stop / clear-context buttons. */
export function ChatArea({ chat }: ChatAreaProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const last = chat.messages.at(-1);

  // Follow the answer as it grows. A block body: newer browsers return a promise from scrollIntoView, which
  // React would take for a cleanup function.
  useEffect(() => {
    void bottom.current?.scrollIntoView({ block: 'end' });
  }, [chat.messages.length, last?.content]);

  const submit = () => {
    const text = draft.trim();
    if (!text || chat.streaming) return;
    setDraft('');
    void chat.send(text);
  };

  return (
    <Flex vertical gap={12} style={{ minHeight: 420, height: '100%' }}>
      <Flex vertical gap={12} style={{ flex: 1, overflowY: 'auto', maxHeight: '60vh', paddingInlineEnd: 4 }}>
        {chat.messages.length === 0 ? (
          <Empty description={t('playground.empty')} />
        ) : (
          chat.messages.map((message) => <MessageBubble key={message.id} message={message} />)
        )}
        <div ref={bottom} />
      </Flex>
      <Input.TextArea
        aria-label={t('playground.input')}
        placeholder={t('playground.inputPlaceholder')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onPressEnter={(event) => {
          if (event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          submit();
        }}
      />
      <Flex gap={8} justify="flex-end" wrap>
        <Button icon={<ClearOutlined />} onClick={chat.clear} disabled={chat.messages.length === 0}>
          {t('playground.clear')}
        </Button>
        {chat.streaming ? (
          <Button danger icon={<StopOutlined />} onClick={chat.stop}>
            {t('playground.stop')}
          </Button>
        ) : (
          <Button type="primary" icon={<SendOutlined />} onClick={submit} disabled={!draft.trim()}>
            {t('playground.send')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
