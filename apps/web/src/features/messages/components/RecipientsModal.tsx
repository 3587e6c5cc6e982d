import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMessage, MessageRecipient } from '@tollgate/contracts';
import { Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPagination } from '../../../shared/components/server-pagination';
import { ListLoadError } from '../../../shared/components/ListLoadError';
import { formatDateTime } from '../../../shared/datetime-text';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import { useStoredPageSize } from '../../../lib/use-stored-page-size';
import { listRecipients } from '../api';

/** Who a message went to and when each read it, a server page at a time (a broadcast has every user). */
export function RecipientsModal({ message, onClose }: { message: AdminMessage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [pageSize, setPageSize] = useStoredPageSize('message-recipients');
  const [page, setPage] = useState(1);
  const id = message?.id ?? 0;
  const query = useQuery({
    queryKey: ['admin-messages', 'recipients', id, page, pageSize],
    queryFn: () => listRecipients(id, page, pageSize),
    enabled: message !== null,
    placeholderData: keepPreviousData,
  });
  const failed = query.error !== null && !query.isFetching;

  return (
    <Modal
      open={message !== null}
      title={t('messages.recipients.title', { title: message?.title ?? '' })}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
      afterClose={() => setPage(1)}
    >
      <Table<MessageRecipient>
        rowKey="user_id"
        size="small"
        dataSource={failed ? [] : query.data?.items}
        loading={query.isFetching}
        locale={
          failed
            ? { emptyText: <ListLoadError error={query.error} onRetry={() => void query.refetch()} /> }
            : undefined
        }
        columns={[
          { title: t('messages.recipients.columns.userId'), dataIndex: 'user_id', width: 80 },
          { title: t('messages.recipients.columns.username'), dataIndex: 'username', ellipsis: true },
          { title: t('messages.recipients.columns.displayName'), dataIndex: 'display_name', ellipsis: true },
          {
            title: t('messages.recipients.columns.readAt'),
            dataIndex: 'read_at',
            render: (readAt: number) =>
              readAt > 0 ? (
                formatDateTime(readAt)
              ) : (
                <Typography.Text type="secondary">{t('messages.recipients.unread')}</Typography.Text>
              ),
          },
        ]}
        pagination={serverPagination({
          page,
          pageSize,
          total: failed ? 0 : (query.data?.total ?? 0),
          onChange: (nextPage, nextSize) => {
            if (nextSize !== pageSize) setPageSize(nextSize);
            setPage(nextSize === pageSize ? nextPage : 1);
          },
          totalText: (total) => t('messages.recipients.total', { total }),
          simple: isPhone,
        })}
      />
    </Modal>
  );
}
