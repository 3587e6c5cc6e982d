import { Type } from 'class-transformer';
import { type DashboardQuery } from '@tollgate/contracts';
import { IsEpochSeconds, OptionalText, Omittable } from '../../../../common/validation/validation.decorators';

/** `?start_timestamp=&end_timestamp=` (Unix seconds); their order and span are checked by the service. */
export class DashboardRangeDto implements DashboardQuery {
  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  start_timestamp?: number;

  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  end_timestamp?: number;
}

/** The admin's query: also `?username=` (exact; empty means every user). */
export class DashboardAdminQueryDto extends DashboardRangeDto {
  @OptionalText(100)
  username?: string;
}
