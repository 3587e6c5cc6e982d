import { Type } from 'class-transformer';
import { PageQueryDto } from '../../../common/http/pagination';
import {
  IsEpochSeconds,
  IsInt32,
  Omittable,
  OptionalText,
} from '../../../common/validation/validation.decorators';

// Empty values are what the console sends for an unset filter: they filter nothing.

/** GET /api/task/self (spec 001 §7): task id and submission time range in seconds. */
export class TaskPageQueryDto extends PageQueryDto {
  @OptionalText(191)
  task_id?: string;

  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  start_timestamp?: number;

  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  end_timestamp?: number;
}

/** GET /api/task/: the administrator also filters by channel (0 = any). */
export class AdminTaskPageQueryDto extends TaskPageQueryDto {
  @Omittable()
  @Type(() => Number)
  @IsInt32(0)
  channel_id?: number;
}
