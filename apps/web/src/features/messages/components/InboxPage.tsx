import { Link } from '@tanstack/react-router';
import type { InboxMessage } from '@tollgate/contracts';
import { Badge, Card, type TableColumnsType, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { PagedTable } from '../../../shared/components/PagedTable';
import { formatMinute } from '../../../shared/datetime-text';
import { useErrorMessage } from '../../../shared/hooks/use-error-message';
import { useInbox } from '../hooks/use-inbox';
import { previewText } from '../message-text';

/** /app/inbox: the user's messages, unread ones highlighted, each opening on its own page. */
export function InboxPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const inbox = useInbox();
  useErrorMessage(inbox.error, t('messages.inbox.loadFailed'));

  const columns: TableColumnsType<InboxMessage> = [
    {
      title: t('messages.inbox.columns.title'),
      key: 'title',
      render: (_, item) => (
        <Link to="/app/inbox/$id" params={{ id: String(item.id) }} data-unread={!item.is_read}>
          <Badge status={item.is_read ? 'default' : 'processing'} />{' '}
          <Typography.Text strong={!item.is_read}>{item.title}</Typography.Text>
        </Link>
      ),
    },
    {
      title: t('messages.inbox.columns.preview'),
      key: 'preview',
      render: (_, item) => (
        <Typography.Text type={item.is_read ? 'secondary' : undefined}>
          {previewText(item.content, item.format)}
        </Typography.Text>
      ),
    },
    {
      title: t('messages.inbox.columns.status'),
      key: 'status',
      render: (_, item) => (item.is_read ? t('messages.inbox.read') : t('messages.inbox.unread')),
    },
    { title: t('messages.inbox.columns.createdAt'), dataIndex: 'created_at', render: formatMinute },
  ];

  return (
    <ConsolePage title={t('messages.inbox.title')}>
      <Card>
        <PagedTable<InboxMessage>
          list={inbox}
          columns={columns}
          keyColumns={['title', 'status']}
          pagerOnlyWhenNeeded
          locale={{ emptyText: t('messages.inbox.empty') }}
          // Unread rows stand out with the theme's selection tint.
          onRow={(item) => (item.is_read ? {} : { style: { background: token.colorPrimaryBg } })}
          totalText={(total) => t('messages.inbox.total', { total })}
        />
      </Card>
    </ConsolePage>
  );
}
