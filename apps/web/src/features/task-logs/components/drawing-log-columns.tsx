import type { DrawingItem } from '@tollgate/contracts';
import { Flex, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../shared/datetime-text';
import type { TaskLogLabels } from '../hooks/use-task-log-labels';
import { ACTION_COLOURS, CODE_COLOURS, STATUS_COLOURS } from '../task-log-colours';
import { ColouredTag, FinishedCell, ImageCell, TaskIdCell, TaskProgress, TextCell } from './TaskLogCells';
import type { TextDetail } from './TextDetailModal';

interface DrawingColumnsOptions {
  t: TFunction;
  labels: TaskLogLabels;
  admin: boolean;
  onText: (detail: TextDetail) => void;
}

/** What a phone shows of a drawing before its row is expanded. */
export const DRAWING_KEY_COLUMNS = ['submit_time', 'status'];

// The drawing pages answer milliseconds; the cells take seconds.
const seconds = (milliseconds: number): number => milliseconds / 1000;

/** The drawing log columns (spec 001 §3 Drawing task); administrators also see the channel and the user. */
export function drawingLogColumns({
  t,
  labels,
  admin,
  onText,
}: DrawingColumnsOptions): TableColumnsType<DrawingItem> {
  const text = (row: DrawingItem, key: 'prompt' | 'prompt_en' | 'fail_reason', title: string) => (
    <TextCell title={title} text={row[key]} onOpen={onText} />
  );
  return [
    {
      title: t('taskLogs.columns.submitTime'),
      key: 'submit_time',
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(seconds(row.submit_time))}</span>
      ),
    },
    ...(admin
      ? [
          { title: t('taskLogs.columns.channel'), dataIndex: 'channel_id', key: 'channel_id' },
          { title: t('taskLogs.columns.user'), dataIndex: 'user_id', key: 'user_id' },
        ]
      : []),
    {
      title: t('taskLogs.columns.action'),
      key: 'action',
      render: (_, row) => (
        <ColouredTag colour={ACTION_COLOURS[row.action]} label={labels.action(row.action)} />
      ),
    },
    { title: t('taskLogs.columns.taskId'), key: 'mj_id', render: (_, row) => <TaskIdCell id={row.mj_id} /> },
    {
      title: t('taskLogs.columns.code'),
      key: 'code',
      render: (_, row) => <ColouredTag colour={CODE_COLOURS[row.code]} label={labels.code(row.code)} />,
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
      render: (_, row) => (
        <FinishedCell submitted={seconds(row.submit_time)} finished={seconds(row.finish_time)} />
      ),
    },
    {
      title: t('taskLogs.columns.image'),
      key: 'image',
      render: (_, row) => <ImageCell url={row.image_url} taskId={row.mj_id} />,
    },
    {
      // The prompt and the proxy's English of it, one above the other: they are read together.
      title: t('taskLogs.columns.prompts'),
      key: 'prompts',
      render: (_, row) => (
        <Flex vertical align="flex-start">
          {text(row, 'prompt', t('taskLogs.columns.prompt'))}
          {row.prompt_en !== '' && text(row, 'prompt_en', t('taskLogs.columns.promptEn'))}
        </Flex>
      ),
    },
    {
      title: t('taskLogs.columns.failReason'),
      key: 'fail_reason',
      render: (_, row) => text(row, 'fail_reason', t('taskLogs.columns.failReason')),
    },
  ];
}
