import { LOG_ROUTES } from '@tollgate/contracts';
import { request } from '../../../lib/api-client';

/** DELETE /api/log/?target_timestamp=: removes every log row created before the time; answers how many went. */
export function clearLogsBefore(targetTimestamp: number): Promise<number> {
  return request<number>(LOG_ROUTES.all, { method: 'DELETE', query: { target_timestamp: targetTimestamp } });
}
