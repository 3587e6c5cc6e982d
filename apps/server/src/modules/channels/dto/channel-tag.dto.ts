import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';

export class ChannelTagDto {
  @IsOptional() @IsString() @MaxLength(255) tag?: string;
}

/** PUT /api/channel/tag: priority and weight are checked by the service with the spec's messages. */
export class ChannelTagEditDto extends ChannelTagDto {
  @IsOptional() @IsString() @MaxLength(255) new_tag?: string;
  @IsOptional() @IsString() @MaxLength(100_000) model_mapping?: string;
  @IsOptional() @IsString() @MaxLength(10_000) groups?: string;
  @IsOptional() @IsString() @MaxLength(200_000) models?: string;
  @Allow() priority?: unknown;
  @Allow() weight?: unknown;
}
