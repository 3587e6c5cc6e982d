import { CopyOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../lib/use-copy-text';
import type { PlaygroundMessage } from '../hooks/use-playground-chat';
import { MarkdownText } from './MarkdownText';

/** One message; the assistant's shows its state (spec 001 §4) and renders Markdown. */
export function MessageBubble({ message }: { message: PlaygroundMessage }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const copy = useCopyText();
  const mine = message.role === 'user';
  const failed = message.status === 'error';

  return (
    <Flex vertical align={mine ? 'flex-end' : 'flex-start'} gap={4}>
      <div
        data-testid={`message-${message.role}`}
        data-status={message.status}
        style={{
          maxWidth: '100%',
          padding: '8px 12px',
          borderRadius: token.borderRadiusLG,
          background: mine ? token.colorPrimaryBg : failed ? token.colorErrorBg : token.colorFillQuaternary,
          border: failed ? `1px solid ${token.colorErrorBorder}` : undefined,
        }}
      >
        {message.status === 'loading' ? (
          <Typography.Text type="secondary">
            <LoadingOutlined /> {t('playground.status.loading')}
          </Typography.Text>
        ) : mine ? (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
            {message.content}
          </Typography.Paragraph>
        ) : (
          <MarkdownText text={message.content} />
        )}
      </div>
      <Flex gap={4} align="center">
        {!mine && message.status === 'incomplete' && (
          <Tag color="processing">{t('playground.status.incomplete')}</Tag>
        )}
        {failed && <Tag color="error">{t('playground.status.error')}</Tag>}
        {message.content !== '' && (
          <Tooltip title={t('playground.copy')}>
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('playground.copy')}
              onClick={() => void copy(message.content)}
            />
          </Tooltip>
        )}
      </Flex>
    </Flex>
  );
}
