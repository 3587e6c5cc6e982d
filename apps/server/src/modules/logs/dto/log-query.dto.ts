import { LOG_TYPE_FILTERS, type LogType } from '@tollgate/contracts';
import { Type } from 'class-transformer';
import { IsIn } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import {
  IsEpochSeconds,
  IsInt32,
  Omittable,
  OptionalText,
} from '../../../common/validation/validation.decorators';

// Empty values ("?model_name=&start_timestamp=") are what the console sends for an unset filter: they filter
// nothing. Numbers arrive as text and are converted; text where a number belongs is refused with a message.

/** GET /api/log/self/ and /api/log/self/stat (the stat ignores p and page_size). */
export class LogPageQueryDto extends PageQueryDto {
  @Omittable()
  @Type(() => Number)
  @IsIn(LOG_TYPE_FILTERS)
  type?: LogType;

  @OptionalText(50)
  token_name?: string;

  @OptionalText(255)
  model_name?: string;

  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  start_timestamp?: number;

  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  end_timestamp?: number;

  @OptionalText(64)
  group?: string;
}

/** GET /api/log/ and /api/log/stat: the administrator also filters by user and channel. */
export class AdminLogPageQueryDto extends LogPageQueryDto {
  @OptionalText(20)
  username?: string;

  /** Channel id; 0 = any. */
  @Omittable()
  @Type(() => Number)
  @IsInt32(0)
  channel?: number;
}

/** DELETE /api/log/?target_timestamp=: presence is checked by the service, with the spec's wording. */
export class LogDeleteQueryDto {
  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  target_timestamp?: number;
}
