import { Transform, type TransformFnParams, Type } from 'class-transformer';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { IsInt32, Omittable } from '../../../common/validation/validation.decorators';

// Query strings carry booleans as text.
const toBoolean = ({ value }: TransformFnParams): boolean =>
  value === true || value === 'true' || value === '1';

/** GET /api/channel/: p, page_size, id_sort, tag_mode (and a type filter for the console's type tabs). */
export class ChannelListQueryDto extends PageQueryDto {
  @Omittable() @Transform(toBoolean) @IsBoolean() id_sort = false;
  @Omittable() @Transform(toBoolean) @IsBoolean() tag_mode = false;
  @Omittable() @Type(() => Number) @IsInt32(0) type?: number;
}

/** POST /api/channel/copy/{id}: what the copy's name gets after the original's (the console sends it localised). */
export class ChannelCopyQueryDto {
  @Omittable() @IsString() @MaxLength(64) suffix?: string;
}

/** GET /api/channel/search: the list query plus keyword, group and model. */
export class ChannelSearchQueryDto extends ChannelListQueryDto {
  @Omittable() @IsString() @MaxLength(255) keyword?: string;
  @Omittable() @IsString() @MaxLength(64) group?: string;
  @Omittable() @IsString() @MaxLength(255) model?: string;
}
