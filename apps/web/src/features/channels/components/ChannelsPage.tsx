import { useNavigate } from '@tanstack/react-router';
import type { ChannelView } from '@tollgate/contracts';
import { Card, Flex } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import type { ChannelEditorTarget } from '../channel-editor-target';
import { type TagRow, selectedChannelIds } from '../channel-rows';
import { useBulkActions } from '../hooks/use-bulk-actions';
import { useChannelActions } from '../hooks/use-channel-actions';
import { useGroupNames } from '../hooks/use-channel-catalogues';
import { useChannelList } from '../hooks/use-channel-list';
import { useChannelOps } from '../hooks/use-channel-ops';
import { useChannelRun } from '../hooks/use-channel-run';
import { useChannelTablePrefs } from '../hooks/use-channel-table-prefs';
import { useCopyChannel } from '../hooks/use-copy-channel';
import { useTagActions } from '../hooks/use-tag-actions';
import { BatchTagModal } from './BatchTagModal';
import type { ChannelColumnHandlers } from './channel-columns';
import { ChannelFormDrawer } from './ChannelFormDrawer';
import { ChannelRunProgress } from './ChannelRunProgress';
import { ChannelSearchBar } from './ChannelSearchBar';
import { ChannelTable } from './ChannelTable';
import { ChannelToolbar } from './ChannelToolbar';
import { ColumnSettingsModal } from './ColumnSettingsModal';
import { TagEditModal } from './TagEditModal';
import { TestModelModal } from './TestModelModal';

interface ChannelsPageProps {
  /** /channel/add and /channel/edit/{id} open the drawer at once; closing it goes back to the list. */
  initialEditor?: ChannelEditorTarget;
}

/** /admin/channels: search, table (plain or grouped by tag), bulk actions, the drawer and the dialogs. */
export function ChannelsPage({ initialEditor }: ChannelsPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const prefs = useChannelTablePrefs();
  const list = useChannelList(prefs);
  const actions = useChannelActions();
  const tagActions = useTagActions();
  const copy = useCopyChannel();
  const ops = useChannelOps();
  const testAll = useChannelRun('test');
  const balanceAll = useChannelRun('update_balance');
  const { data: groups } = useGroupNames();

  const selectedIds = selectedChannelIds(list.selected);
  const bulk = useBulkActions(actions, selectedIds, list.clearSelection);

  const [editor, setEditor] = useState<ChannelEditorTarget | null>(initialEditor ?? null);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [batchTagOpen, setBatchTagOpen] = useState(false);
  const [editedTag, setEditedTag] = useState<TagRow | null>(null);
  const [testedChannel, setTestedChannel] = useState<ChannelView | null>(null);

  const closeEditor = useCallback(() => {
    setEditor(null);
    if (initialEditor) void navigate({ to: '/admin/channels' });
  }, [initialEditor, navigate]);

  // Another view of the table starts at its first page with nothing selected.
  const changeView = (apply: () => void): void => {
    apply();
    list.changePage(1, list.pageSize);
  };

  const handlers: ChannelColumnHandlers = {
    onSetEnabled: actions.setEnabled,
    onSetNumber: actions.setNumber,
    onEdit: (id) => setEditor({ kind: 'edit', id }),
    onCopy: (channel) => copy.copy(channel.id),
    onDelete: actions.remove,
    copyingId: copy.copyingId,
    onTest: setTestedChannel,
    onUpdateBalance: ops.updateBalance,
    balanceId: ops.balanceId,
    onTagEnabled: tagActions.setEnabled,
    onTagNumber: tagActions.setNumber,
    onEditTag: setEditedTag,
  };

  return (
    <ConsolePage title={t('channels.title')}>
      <Card>
        <Flex vertical gap={16}>
          <ChannelSearchBar onSearch={list.search} />
          <ChannelToolbar
            selectedCount={selectedIds.length}
            tagMode={prefs.tagMode}
            idSort={prefs.idSort}
            busy={actions.isBusy}
            onAdd={() => setEditor({ kind: 'add' })}
            onBatchTag={() => bulk.startBatchTag(() => setBatchTagOpen(true))}
            onBatchDelete={bulk.batchDelete}
            onDeleteDisabled={bulk.deleteDisabled}
            onFix={bulk.fix}
            testAll={testAll}
            balanceAll={balanceAll}
            onTagMode={(value) => changeView(() => prefs.setTagMode(value))}
            onIdSort={(value) => changeView(() => prefs.setIdSort(value))}
            onColumns={() => setColumnsOpen(true)}
            onRefresh={list.reload}
          />
          {testAll.visible && testAll.progress && (
            <ChannelRunProgress label={t('channels.ops.progress.test')} progress={testAll.progress} />
          )}
          {balanceAll.visible && balanceAll.progress && (
            <ChannelRunProgress label={t('channels.ops.progress.balance')} progress={balanceAll.progress} />
          )}
          <ChannelTable list={list} visibility={prefs.columns} tagMode={prefs.tagMode} handlers={handlers} />
        </Flex>
      </Card>
      <ChannelFormDrawer target={editor} onClose={closeEditor} />
      {columnsOpen && (
        <ColumnSettingsModal
          value={prefs.columns}
          onSave={prefs.setColumns}
          onClose={() => setColumnsOpen(false)}
        />
      )}
      {batchTagOpen && (
        <BatchTagModal
          count={selectedIds.length}
          onSubmit={bulk.batchTag}
          onClose={() => setBatchTagOpen(false)}
        />
      )}
      {testedChannel && (
        <TestModelModal
          channel={testedChannel}
          onTest={(model) => ops.test(testedChannel, model)}
          onClose={() => setTestedChannel(null)}
        />
      )}
      {editedTag && (
        <TagEditModal
          row={editedTag}
          groupOptions={groups}
          onSubmit={tagActions.edit}
          isSaving={tagActions.isEditing}
          onClose={() => setEditedTag(null)}
        />
      )}
    </ConsolePage>
  );
}
