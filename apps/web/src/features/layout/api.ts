import { STATUS_ROUTES, type QueueStatus } from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

/** Every declared queue's backlog and whether a worker consumes it (administrators only). */
export function fetchQueueStatus(): Promise<QueueStatus[]> {
  return apiClient.get<QueueStatus[]>(STATUS_ROUTES.queues);
}
