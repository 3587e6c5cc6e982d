import { Type } from 'class-transformer';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import {
  DASHBOARD_GRANULARITIES,
  DASHBOARD_UTC_OFFSET_LIMIT,
  type DashboardGranularity,
  type DashboardQuery,
} from '@tollgate/contracts';
import { IsEpochSeconds, OptionalText, Omittable } from '../../../../common/validation/validation.decorators';

/** `?start_timestamp=&end_timestamp=` (Unix seconds, order and span checked by the service) and how to sum. */
export class DashboardRangeDto implements DashboardQuery {
  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  start_timestamp?: number;

  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  end_timestamp?: number;

  @Omittable()
  @IsIn(DASHBOARD_GRANULARITIES)
  granularity?: DashboardGranularity;

  /** Seconds east of UTC whose midnight starts a day or week. */
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(-DASHBOARD_UTC_OFFSET_LIMIT)
  @Max(DASHBOARD_UTC_OFFSET_LIMIT)
  utc_offset?: number;
}

/** The admin's query: also `?username=` (exact; empty means every user). */
export class DashboardAdminQueryDto extends DashboardRangeDto {
  @OptionalText(100)
  username?: string;
}
