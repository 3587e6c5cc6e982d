import type { QueueStatus } from '@tollgate/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStalledQueues } from '../hooks/use-stalled-queues';

/**
 * Above every console page, for administrators: queues whose jobs wait while no worker runs (a scaled
 * deployment whose worker processes are all down). Nothing at all while every queue is served or the poll
 * failed.
 */
export function QueueBacklogAlert() {
  const { t } = useTranslation();
  const stalled = useStalledQueues();
  if (stalled.length === 0) return null;

  const describe = (status: QueueStatus): string => {
    const counts = [
      status.waiting > 0 && t('layout.queueBacklog.waiting', { n: status.waiting }),
      status.delayed > 0 && t('layout.queueBacklog.delayed', { n: status.delayed }),
    ].filter((count) => count !== false);
    return t('layout.queueBacklog.queue', {
      queue: status.queue,
      counts: counts.join(t('layout.queueBacklog.countSeparator')),
    });
  };
  const queues = stalled.map(describe).join(t('layout.queueBacklog.queueSeparator'));
  return (
    <Alert
      type="warning"
      showIcon
      title={t('layout.queueBacklog.title', { queues })}
      // The long list wraps on a phone instead of widening the page.
      style={{ marginBottom: 16, overflowWrap: 'anywhere' }}
    />
  );
}
