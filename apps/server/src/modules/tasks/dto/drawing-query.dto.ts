import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { IsInt32, Omittable, OptionalText } from '../../../common/validation/validation.decorators';

// Milliseconds up to the year 9999, like the seconds of the other pages.
const MAX_EPOCH_MS = 253_402_300_799_999;

/** GET /api/mj/self/ (spec 001 §7): Midjourney task id and submission time range in milliseconds. */
export class DrawingPageQueryDto extends PageQueryDto {
  @OptionalText(191)
  mj_id?: string;

  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_EPOCH_MS)
  start_timestamp?: number;

  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_EPOCH_MS)
  end_timestamp?: number;
}

/** GET /api/mj/: the administrator also filters by channel (0 = any). */
export class AdminDrawingPageQueryDto extends DrawingPageQueryDto {
  @Omittable()
  @Type(() => Number)
  @IsInt32(0)
  channel_id?: number;
}
