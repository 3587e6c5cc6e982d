import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/components/PagedTable';
import { useStatus } from '../../../shared/status/use-status';
import { useTaskLogs } from '../hooks/use-task-log-lists';
import { useTaskLogLabels } from '../hooks/use-task-log-labels';
import { defaultTaskSearch } from '../task-log-search';
import { TASK_KEY_COLUMNS, taskLogColumns } from './task-log-columns';
import { TaskLogScreen } from './TaskLogScreen';
import { type TextDetail, TextDetailModal } from './TextDetailModal';

/** /app/logs/tasks: asynchronous tasks (Suno music and lyrics) with their state and timing (spec 001 §2 Task logs). */
export function TaskLogsPage() {
  const { t } = useTranslation();
  const { admin, list } = useTaskLogs();
  const labels = useTaskLogLabels();
  const { data: status } = useStatus();
  const [detail, setDetail] = useState<TextDetail | null>(null);

  return (
    <TaskLogScreen
      title={t('taskLogs.tasks.title')}
      rangeHint={t('taskLogs.tasks.rangeHint')}
      disabledNotice={status?.enable_task === false ? t('taskLogs.tasks.disabled') : null}
      admin={admin}
      defaults={defaultTaskSearch}
      onSearch={list.search}
      onReload={list.reload}
    >
      <PagedTable
        list={list}
        size="small"
        columns={taskLogColumns({ t, labels, admin, onText: setDetail })}
        keyColumns={TASK_KEY_COLUMNS}
        totalText={(total) => t('taskLogs.total', { total })}
      />
      <TextDetailModal detail={detail} onClose={() => setDetail(null)} />
    </TaskLogScreen>
  );
}
