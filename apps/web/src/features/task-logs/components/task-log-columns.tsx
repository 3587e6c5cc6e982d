import type { TaskItem } from '@tollgate/contracts';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../shared/datetime-text';
import type { TaskLogLabels } from '../hooks/use-task-log-labels';
import { ACTION_COLOURS, PLATFORM_COLOURS, STATUS_COLOURS } from '../task-log-colours';
import { ColouredTag, FinishedCell, TaskIdCell, TaskProgress, TextCell } from './TaskLogCells';
import type { TextDetail } from './TextDetailModal';

interface TaskColumnsOptions {
  t: TFunction;
  labels: TaskLogLabels;
  admin: boolean;
  onText: (detail: TextDetail) => void;
}

/** What a phone shows of a task before its row is expanded. */
export const TASK_KEY_COLUMNS = ['submit_time', 'status'];

/** The task log columns (spec 001 §3 Async task); administrators also see the channel and the user. */
export function taskLogColumns({ t, labels, admin, onText }: TaskColumnsOptions): TableColumnsType<TaskItem> {
  return [
    {
      title: t('taskLogs.columns.submitTime'),
      key: 'submit_time',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.submit_time)}</span>,
    },
    ...(admin
      ? [
          { title: t('taskLogs.columns.channel'), dataIndex: 'channel_id', key: 'channel_id' },
          { title: t('taskLogs.columns.user'), dataIndex: 'user_id', key: 'user_id' },
        ]
      : []),
    {
      title: t('taskLogs.columns.platform'),
      key: 'platform',
      render: (_, row) => (
        <ColouredTag colour={PLATFORM_COLOURS[row.platform]} label={labels.platform(row.platform)} />
      ),
    },
    {
      title: t('taskLogs.columns.action'),
      key: 'action',
      render: (_, row) => (
        <ColouredTag colour={ACTION_COLOURS[row.action]} label={labels.action(row.action)} />
      ),
    },
    {
      title: t('taskLogs.columns.taskId'),
      key: 'task_id',
      render: (_, row) => <TaskIdCell id={row.task_id} />,
    },
    {
      title: t('taskLogs.columns.status'),
      key: 'status',
      render: (_, row) => (
        <ColouredTag colour={STATUS_COLOURS[row.status]} label={labels.status(row.status)} />
      ),
    },
    {
      title: t('taskLogs.columns.progress'),
      key: 'progress',
      render: (_, row) => <TaskProgress progress={row.progress} status={row.status} />,
    },
    {
      title: t('taskLogs.columns.finishTime'),
      key: 'finish_time',
      render: (_, row) => <FinishedCell submitted={row.submit_time} finished={row.finish_time} />,
    },
    {
      title: t('taskLogs.columns.failReason'),
      key: 'fail_reason',
      render: (_, row) => (
        <TextCell title={t('taskLogs.columns.failReason')} text={row.fail_reason} onOpen={onText} />
      ),
    },
  ];
}
