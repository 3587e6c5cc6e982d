import { Allow, IsString, MaxLength } from 'class-validator';
import { Omittable } from '../../../common/validation/validation.decorators';

export class ChannelTagDto {
  @Omittable() @IsString() @MaxLength(255) tag?: string;
}

/** PUT /api/channel/tag: priority and weight are checked by the service with the spec's messages. */
export class ChannelTagEditDto extends ChannelTagDto {
  @Omittable() @IsString() @MaxLength(255) new_tag?: string;
  @Omittable() @IsString() @MaxLength(100_000) model_mapping?: string;
  @Omittable() @IsString() @MaxLength(10_000) groups?: string;
  @Omittable() @IsString() @MaxLength(200_000) models?: string;
  @Allow() priority?: unknown;
  @Allow() weight?: unknown;
}
