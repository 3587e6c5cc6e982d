import type { ChannelOpsProgress } from '@tollgate/contracts';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const PROGRESS_WIDTH = 360;

/** One run over all channels: a bar and its counts. */
export function ChannelRunProgress({ label, progress }: { label: string; progress: ChannelOpsProgress }) {
  const { t } = useTranslation();
  const percent =
    progress.total === 0 ? (progress.running ? 0 : 100) : Math.floor((progress.done * 100) / progress.total);
  return (
    <Flex align="center" gap={12} wrap role="status" aria-label={label}>
      <Typography.Text strong>{label}</Typography.Text>
      <Progress
        percent={percent}
        size="small"
        status={progress.running ? 'active' : progress.failed > 0 ? 'normal' : 'success'}
        style={{ width: PROGRESS_WIDTH, margin: 0 }}
      />
      <Typography.Text type="secondary">
        {t('channels.ops.progress.counts', {
          done: progress.done,
          total: progress.total,
          succeeded: progress.succeeded,
          failed: progress.failed,
          skipped: progress.skipped,
        })}
      </Typography.Text>
      <Typography.Text type={progress.running ? 'warning' : 'success'}>
        {progress.waiting_for_worker
          ? t('channels.ops.progress.waitingForWorker')
          : progress.running
            ? t('channels.ops.progress.running')
            : t('channels.ops.progress.finished')}
      </Typography.Text>
    </Flex>
  );
}
