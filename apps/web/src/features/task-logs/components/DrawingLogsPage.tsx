import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/components/PagedTable';
import { useStatus } from '../../../shared/status/use-status';
import { useDrawingLogs } from '../hooks/use-task-log-lists';
import { useTaskLogLabels } from '../hooks/use-task-log-labels';
import { defaultDrawingSearch } from '../task-log-search';
import { DRAWING_KEY_COLUMNS, drawingLogColumns } from './drawing-log-columns';
import { TaskLogScreen } from './TaskLogScreen';
import { type TextDetail, TextDetailModal } from './TextDetailModal';

/** /app/logs/drawing: Midjourney tasks with their state, image and prompts (spec 001 §2 Drawing logs). */
export function DrawingLogsPage() {
  const { t } = useTranslation();
  const { admin, list } = useDrawingLogs();
  const labels = useTaskLogLabels();
  const { data: status } = useStatus();
  const [detail, setDetail] = useState<TextDetail | null>(null);

  return (
    <TaskLogScreen
      title={t('taskLogs.drawing.title')}
      rangeHint={t('taskLogs.drawing.rangeHint')}
      disabledNotice={status?.enable_drawing === false ? t('taskLogs.drawing.disabled') : null}
      admin={admin}
      defaults={defaultDrawingSearch}
      onSearch={list.search}
      onReload={list.reload}
    >
      <PagedTable
        list={list}
        size="small"
        columns={drawingLogColumns({ t, labels, admin, onText: setDetail })}
        keyColumns={DRAWING_KEY_COLUMNS}
        totalText={(total) => t('taskLogs.total', { total })}
      />
      <TextDetailModal detail={detail} onClose={() => setDetail(null)} />
    </TaskLogScreen>
  );
}
