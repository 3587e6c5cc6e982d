import { TOKEN_NEVER_EXPIRES, TokenStatus, type Token } from '@tollgate/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format-quota';
import { CopyableCode } from '../../../shared/components/CopyableCode';
import { PagedTable } from '../../../shared/components/PagedTable';
import { useChatLinkPicker } from '../../../shared/chat-links/use-chat-link-picker';
import { rowActionsColumn } from '../../../shared/components/RowActions';
import { formatMinute } from '../../../shared/datetime-text';
import type { PagedRows } from '../../../shared/hooks/use-paged-list';
import { useStatus } from '../../../shared/status/use-status';
import type { useTokenActions } from '../hooks/use-token-actions';
import { TokenStatusTag } from './TokenStatusTag';

interface TokensTableProps {
  tokens: PagedRows<Token>;
  actions: ReturnType<typeof useTokenActions>;
  onEdit: (token: Token) => void;
}

const maskKey = (key: string): string => `${key.slice(0, 7)}…${key.slice(-4)}`;

export function TokensTable({ tokens, actions, onEdit }: TokensTableProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const openChat = useChatLinkPicker();

  const columns: TableColumnsType<Token> = [
    { title: t('tokens.columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('tokens.columns.key'),
      key: 'key',
      render: (_, token) => (
        <CopyableCode
          text={maskKey(token.key)}
          copyLabel={t('tokens.actions.copyKey')}
          onCopy={() => actions.copyKey(token)}
        />
      ),
    },
    {
      title: t('tokens.columns.status'),
      key: 'status',
      render: (_, token) => <TokenStatusTag token={token} />,
    },
    {
      title: t('tokens.columns.usedQuota'),
      dataIndex: 'used_quota',
      render: (quota: number) => formatQuota(quota, status),
    },
    {
      title: t('tokens.columns.remainQuota'),
      key: 'remain_quota',
      render: (_, token) =>
        token.unlimited_quota ? t('tokens.unlimited') : formatQuota(token.remain_quota, status),
    },
    {
      title: t('tokens.columns.group'),
      dataIndex: 'group',
      render: (group: string) => group || t('tokens.ownGroup'),
    },
    {
      title: t('tokens.columns.createdTime'),
      dataIndex: 'created_time',
      render: (time: number) => formatMinute(time),
    },
    {
      title: t('tokens.columns.expiredTime'),
      dataIndex: 'expired_time',
      render: (time: number) =>
        time === TOKEN_NEVER_EXPIRES ? t('tokens.neverExpires') : formatMinute(time),
    },
    rowActionsColumn(t('tokens.columns.actions'), (token) => [
      {
        label:
          token.status === TokenStatus.Enabled ? t('tokens.actions.disable') : t('tokens.actions.enable'),
        loading: actions.togglingId === token.id,
        onClick: () => actions.toggle(token),
      },
      { label: t('chatLinks.action'), onClick: () => openChat(token) },
      { label: t('tokens.actions.edit'), onClick: () => onEdit(token) },
      { label: t('tokens.actions.delete'), danger: true, onClick: () => actions.confirmDelete(token) },
    ]),
  ];

  return (
    <PagedTable<Token>
      list={tokens}
      selectable
      size="middle"
      columns={columns}
      keyColumns={['name', 'status']}
      totalText={(total) => t('tokens.total', { total })}
    />
  );
}
