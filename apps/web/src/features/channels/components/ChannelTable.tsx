import { ChannelStatus } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/components/PagedTable';
import type { PagedRows } from '../../../shared/hooks/use-paged-list';
import type { ChannelTableRow } from '../channel-rows';
import type { ColumnVisibility } from '../channel-table-prefs';
import { type ChannelColumnHandlers, useChannelColumns } from './channel-columns';
import styles from './channels.module.css';

interface ChannelTableProps {
  list: PagedRows<ChannelTableRow>;
  visibility: ColumnVisibility;
  tagMode: boolean;
  handlers: ChannelColumnHandlers;
}

const isInactive = (row: ChannelTableRow): boolean =>
  row.kind === 'tag' ? row.enabledCount === 0 : row.channel.status !== ChannelStatus.Enabled;

/** Server-paged channel table; in tag mode tag rows expand to their channels. */
export function ChannelTable({ list, visibility, tagMode, handlers }: ChannelTableProps) {
  const { t } = useTranslation();
  const columns = useChannelColumns(visibility, tagMode, handlers);
  return (
    <PagedTable<ChannelTableRow>
      list={list}
      // Checking a tag row selects its channels; only channel ids are acted on.
      selectable
      selectChildren
      size="middle"
      columns={columns}
      keyColumns={['name', 'status']}
      rowClassName={(row) => (isInactive(row) ? styles.inactiveRow : '')}
      totalText={(total) => t('channels.pagination.total', { total })}
    />
  );
}
