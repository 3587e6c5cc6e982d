import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength } from 'class-validator';

/** GET /api/channel/test/:id?model= */
export class ChannelTestQueryDto {
  @IsOptional() @IsString() @MaxLength(255) model?: string;
}

/** POST /api/channel/fetch_models: the channel being added; the key is checked by the service (localised). */
export class FetchModelsDto {
  @Type(() => Number) @IsInt() type: number;
  @IsOptional() @IsString() key?: string;
  @IsOptional() @IsString() @MaxLength(2048) base_url?: string;
}
