import { Injectable } from '@nestjs/common';
import {
  DASHBOARD_DEFAULT_RANGE_SECONDS,
  DASHBOARD_SELF_MAX_RANGE_SECONDS,
  type DashboardQuery,
  type QuotaDataEntry,
  type QuotaDataSeries,
} from '@tollgate/contracts';
import { nowSeconds } from '../../../infra/database/columns';
import { dashboardError } from './dashboard.errors';
import { ALL_USERS_ID } from './quota-buckets';
import { type BucketOwner, QuotaDataRepository, type QuotaDataRow } from './quota-data.repository';
import { byModelName, toModelSeries } from './quota-series';

const DAY_SECONDS = 86_400;

/** A read's checked parameters. */
interface Selection {
  owner: BucketOwner;
  start: number;
  end: number;
  granularity: NonNullable<DashboardQuery['granularity']>;
  utcOffset: number;
}

/** Reads the dashboard's buckets (reference §10 `GET /api/data/`, `/api/data/self`), as rows or per model. */
@Injectable()
export class DashboardService {
  constructor(private readonly repository: QuotaDataRepository) {}

  /** One user's buckets when a username is given, else every user's summed per model. */
  forAdmin(query: DashboardQuery): Promise<QuotaDataEntry[]> {
    return this.rows(adminSelection(query));
  }

  /** The caller's own buckets over at most 30 days. */
  forSelf(userId: number, query: DashboardQuery): Promise<QuotaDataEntry[]> {
    return this.rows(selfSelection(userId, query));
  }

  seriesForAdmin(query: DashboardQuery): Promise<QuotaDataSeries> {
    return this.series(adminSelection(query));
  }

  seriesForSelf(userId: number, query: DashboardQuery): Promise<QuotaDataSeries> {
    return this.series(selfSelection(userId, query));
  }

  private async rows({ owner, start, end, granularity, utcOffset }: Selection): Promise<QuotaDataEntry[]> {
    const rows = await this.repository.read(owner, start, end, granularity, utcOffset);
    return rows.map(toEntry).sort(byTimeThenModel);
  }

  private async series({ owner, start, end, granularity, utcOffset }: Selection): Promise<QuotaDataSeries> {
    const packed = await this.repository.readPacked(owner, start, end, granularity, utcOffset);
    return { granularity, models: packed.map(toModelSeries).sort(byModelName) };
  }
}

function adminSelection(query: DashboardQuery): Selection {
  const username = query.username?.trim() ?? '';
  return selection(username ? { username } : { userId: ALL_USERS_ID }, query, false);
}

function selfSelection(userId: number, query: DashboardQuery): Selection {
  return selection({ userId }, query, true);
}

/** Without an end the range ends now; without a start it begins a day before its end. */
function selection(owner: BucketOwner, query: DashboardQuery, bounded: boolean): Selection {
  const end = query.end_timestamp ?? nowSeconds();
  const start = query.start_timestamp ?? Math.max(0, end - DASHBOARD_DEFAULT_RANGE_SECONDS);
  if (start > end) throw dashboardError('invalid_time_range');
  if (bounded && end - start > DASHBOARD_SELF_MAX_RANGE_SECONDS)
    throw dashboardError('time_range_too_long', { days: DASHBOARD_SELF_MAX_RANGE_SECONDS / DAY_SECONDS });
  return { owner, start, end, granularity: query.granularity ?? 'hour', utcOffset: query.utc_offset ?? 0 };
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
