import { Type } from 'class-transformer';
import { IsInt, IsString, MaxLength } from 'class-validator';
import { Omittable } from '../../../common/validation/validation.decorators';

/** GET /api/channel/test/:id?model= */
export class ChannelTestQueryDto {
  @Omittable() @IsString() @MaxLength(255) model?: string;
}

/** POST /api/channel/fetch_models: the channel being added; the key is checked by the service (localised). */
export class FetchModelsDto {
  @Type(() => Number) @IsInt() type: number;
  @Omittable() @IsString() key?: string;
  @Omittable() @IsString() @MaxLength(2048) base_url?: string;
}
