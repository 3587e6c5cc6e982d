import type { AdminMessage } from '@tollgate/contracts';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/components/PagedTable';
import { rowActionsColumn } from '../../../shared/components/RowActions';
import { formatMinute } from '../../../shared/datetime-text';
import type { PagedRows } from '../../../shared/hooks/use-paged-list';

interface MessagesTableProps {
  list: PagedRows<AdminMessage>;
  onEdit: (item: AdminMessage) => void;
  onRecipients: (item: AdminMessage) => void;
  onDelete: (item: AdminMessage) => void;
}

export function MessagesTable({ list, onEdit, onRecipients, onDelete }: MessagesTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AdminMessage> = [
    { title: t('messages.admin.columns.id'), dataIndex: 'id', width: 72 },
    { title: t('messages.admin.columns.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('messages.admin.columns.format'),
      dataIndex: 'format',
      render: (format: AdminMessage['format']) => <Tag>{format === 'html' ? 'HTML' : 'Markdown'}</Tag>,
    },
    {
      title: t('messages.admin.columns.recipients'),
      key: 'recipients',
      render: (_, item) => item.stats.total_recipients.toLocaleString(),
    },
    { title: t('messages.admin.columns.createdAt'), dataIndex: 'created_at', render: formatMinute },
    { title: t('messages.admin.columns.updatedAt'), dataIndex: 'updated_at', render: formatMinute },
    rowActionsColumn(t('messages.admin.columns.actions'), (item) => [
      { label: t('messages.admin.actions.edit'), onClick: () => onEdit(item) },
      { label: t('messages.admin.actions.recipients'), onClick: () => onRecipients(item) },
      { label: t('messages.admin.actions.delete'), danger: true, onClick: () => onDelete(item) },
    ]),
  ];
  return (
    <PagedTable<AdminMessage>
      list={list}
      size="middle"
      columns={columns}
      keyColumns={['title', 'recipients']}
      totalText={(total) => t('messages.admin.total', { total })}
    />
  );
}
