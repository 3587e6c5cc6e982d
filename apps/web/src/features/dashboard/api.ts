import {
  DASHBOARD_ROUTES,
  LOG_ROUTES,
  type AdminUser,
  type DashboardQuery,
  type LogStat,
  type Page,
  type QuotaDataSeries,
} from '@tollgate/contracts';
import { apiClient } from '../../lib/api-client';

/** Administrators read every user's buckets (or one user's); everyone else their own. One series per model. */
export function fetchQuotaSeries(admin: boolean, query: DashboardQuery): Promise<QuotaDataSeries> {
  const path = admin ? DASHBOARD_ROUTES.allSeries : DASHBOARD_ROUTES.selfSeries;
  return apiClient.get<QuotaDataSeries>(path, { ...query });
}

/** RPM / TPM of the last minute (the log stat; its time filter does not apply to them). */
export function fetchRate(admin: boolean, username: string): Promise<LogStat> {
  return apiClient.get<LogStat>(admin ? LOG_ROUTES.stat : LOG_ROUTES.selfStat, {
    username: admin && username ? username : undefined,
  });
}

/** The account an administrator picked by name (exact match), or null when there is none. */
export async function fetchUserByName(username: string): Promise<AdminUser | null> {
  const page = await apiClient.get<Page<AdminUser>>('/api/user/search', {
    keyword: username,
    p: 1,
    page_size: 100,
  });
  return page.items.find((user) => user.username === username) ?? null;
}
