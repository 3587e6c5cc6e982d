import { useQuery } from '@tanstack/react-query';
import { isAdmin, type QueueStatus } from '@tollgate/contracts';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { fetchQueueStatus } from '../api';

const QUEUE_STATUS_POLL_MS = 30_000;

/** A queue holds jobs that will run (now or later) and no process consumes it. */
const isStalled = (status: QueueStatus): boolean => !status.has_worker && status.waiting + status.delayed > 0;

/**
 * The queues whose jobs pile up with no worker, asked every 30 s for administrators only (the route
 * refuses everyone else). A failed poll yields none, not the last answer: the warning is a hint, and the
 * next poll tries again.
 */
export function useStalledQueues(): QueueStatus[] {
  const user = useCurrentUser();
  const admin = isAdmin(user?.role ?? 0);
  const { data, isError } = useQuery({
    queryKey: ['queue-status'],
    queryFn: fetchQueueStatus,
    enabled: admin,
    refetchInterval: QUEUE_STATUS_POLL_MS,
    retry: false,
  });
  // A disabled query still hands back what it cached for an administrator signed in before.
  return admin && !isError ? (data?.filter(isStalled) ?? []) : [];
}
