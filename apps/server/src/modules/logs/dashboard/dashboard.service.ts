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
import { type BucketOwner, QuotaDataRepository, type QuotaDataRow } from './quota-data.repository';

const DAY_SECONDS = 86_400;

/** Reads the dashboard's buckets (reference §10 `GET /api/data/`, `/api/data/self`). */
@Injectable()
export class DashboardService {
  constructor(private readonly repository: QuotaDataRepository) {}

  /** One user's buckets when a username is given, else every user's summed per model. */
  forAdmin(query: DashboardQuery): Promise<QuotaDataEntry[]> {
    const username = query.username?.trim() ?? '';
    return read(this.repository, username ? { username } : { userId: ALL_USERS_ID }, query, false);
  }

  /** The caller's own buckets over at most 30 days. */
  forSelf(userId: number, query: DashboardQuery): Promise<QuotaDataEntry[]> {
    return read(this.repository, { userId }, query, true);
  }
}

async function read(
  repository: QuotaDataRepository,
  owner: BucketOwner,
  query: DashboardQuery,
  bounded: boolean,
): Promise<QuotaDataEntry[]> {
  const { start, end } = rangeOf(query);
  if (bounded && end - start > DASHBOARD_SELF_MAX_RANGE_SECONDS)
    throw dashboardError('time_range_too_long', { days: DASHBOARD_SELF_MAX_RANGE_SECONDS / DAY_SECONDS });
  const rows = await repository.read(owner, start, end, query.granularity ?? 'hour', query.utc_offset ?? 0);
  return rows.map(toEntry).sort(byTimeThenModel);
}

/** Without an end the range ends now; without a start it begins a day before its end. */
function rangeOf(query: DashboardQuery): { start: number; end: number } {
  const end = query.end_timestamp ?? nowSeconds();
  const start = query.start_timestamp ?? Math.max(0, end - DASHBOARD_DEFAULT_RANGE_SECONDS);
  if (start > end) throw dashboardError('invalid_time_range');
  return { start, end };
}

function toEntry(row: QuotaDataRow): QuotaDataEntry {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    username: row.username,
    model_name: row.model_name,
    created_at: Number(row.created_at),
    token_used: Number(row.token_used),
    count: Number(row.count),
    quota: Number(row.quota),
  };
}

function byTimeThenModel(a: QuotaDataEntry, b: QuotaDataEntry): number {
  if (a.created_at !== b.created_at) return a.created_at - b.created_at;
  return a.model_name < b.model_name ? -1 : a.model_name > b.model_name ? 1 : 0;
}
