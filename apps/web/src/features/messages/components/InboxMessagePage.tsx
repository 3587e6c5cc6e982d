import { LeftOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-title';
import { formatMinute } from '../../../shared/datetime-text';
import { useInboxMessage } from '../hooks/use-inbox-message';
import { RichText } from '../../../shared/rich-text/RichText';

/** /app/inbox/{id}: one message, marked read on opening; a missing one leads back to the inbox. */
export function InboxMessagePage({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useCallback(() => void navigate({ to: '/app/inbox' }), [navigate]);
  const { data: item } = useInboxMessage(id, back);
  usePageTitle(item?.title ?? t('messages.inbox.title'));

  return (
    <Flex vertical gap={16}>
      <div>
        <Button icon={<LeftOutlined />} onClick={back}>
          {t('messages.inbox.back')}
        </Button>
      </div>
      <Card>
        {item ? (
          <Flex vertical gap={8}>
            <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {item.title}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('messages.inbox.sentAt', { time: formatMinute(item.created_at) })}
            </Typography.Text>
            <RichText className="message-content" content={item.content} format={item.format} />
          </Flex>
        ) : (
          <Skeleton active />
        )}
      </Card>
    </Flex>
  );
}
