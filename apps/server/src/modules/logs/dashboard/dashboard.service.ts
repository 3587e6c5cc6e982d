import { Injectable } from '@nestjs/common';
import {
  DASHBOARD_DEFAULT_RANGE_SECONDS,
  DASHBOARD_SELF_MAX_RANGE_SECONDS,
  type DashboardQuery,
  type QuotaDataEntry,
} from '@tollgate/contracts';
import { nowSeconds } from '../../../infra/database/columns';
import { dashboardError } from './dashboard.errors';
import { ALL_USERS_ID } from './quota-buckets';
import { type QuotaDataEntity } from './quota-data.entity';
import { QuotaDataRepository } from './quota-data.repository';

const DAY_SECONDS = 86_400;

interface TimeRange {
  start: number;
  end: number;
}

/** Reads the dashboard's hourly buckets (reference §10 `GET /api/data/`, `/api/data/self`). */
@Injectable()
export class DashboardService {
  constructor(private readonly repository: QuotaDataRepository) {}

  /** One user's buckets when a username is given, else every user's summed per model and hour. */
  async forAdmin(query: DashboardQuery): Promise<QuotaDataEntry[]> {
    const { start, end } = rangeOf(query);
    const username = query.username?.trim() ?? '';
    const rows = username
      ? await this.repository.forUsername(username, start, end)
      : await this.repository.forUser(ALL_USERS_ID, start, end);
    return rows.map(toEntry);
  }

  /** The caller's own buckets over at most 30 days. */
  async forSelf(userId: number, query: DashboardQuery): Promise<QuotaDataEntry[]> {
    const { start, end } = rangeOf(query);
    if (end - start > DASHBOARD_SELF_MAX_RANGE_SECONDS)
      throw dashboardError('time_range_too_long', { days: DASHBOARD_SELF_MAX_RANGE_SECONDS / DAY_SECONDS });
    return (await this.repository.forUser(userId, start, end)).map(toEntry);
  }
}

/** Without an end the range ends now; without a start it begins a day before its end. */
function rangeOf(query: DashboardQuery): TimeRange {
  const end = query.end_timestamp ?? nowSeconds();
  const start = query.start_timestamp ?? Math.max(0, end - DASHBOARD_DEFAULT_RANGE_SECONDS);
  if (start > end) throw dashboardError('invalid_time_range');
  return { start, end };
}

function toEntry(row: QuotaDataEntity): QuotaDataEntry {
  return {
    id: row.id,
    user_id: row.userId,
    username: row.username,
    model_name: row.modelName,
    created_at: row.createdAt,
    token_used: row.tokenUsed,
    count: row.count,
    quota: row.quota,
  };
}
