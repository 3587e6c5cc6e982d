import {
  LOG_ROUTES,
  type AdminLogFilters,
  type AdminLogPageQuery,
  type AdminUser,
  type LogPage,
  type LogStat,
} from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

/** Administrators read every user's rows; everyone else the self routes (which ignore username and channel). */
export type LogScope = 'all' | 'self';

type Query = Record<string, string | number | undefined>;

export function fetchLogPage(scope: LogScope, query: AdminLogPageQuery): Promise<LogPage> {
  return apiClient.get<LogPage>(scope === 'all' ? LOG_ROUTES.all : LOG_ROUTES.self, query as Query);
}

export function fetchLogStat(scope: LogScope, filters: AdminLogFilters): Promise<LogStat> {
  return apiClient.get<LogStat>(scope === 'all' ? LOG_ROUTES.stat : LOG_ROUTES.selfStat, filters as Query);
}

/** The user info dialog of an administrator's log table (spec 001 §7: GET /api/user/{id}). */
export function fetchLogUser(id: number): Promise<AdminUser> {
  return apiClient.get<AdminUser>(`/api/user/${id}`);
}
