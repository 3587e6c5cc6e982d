import {
  CHANNEL_ADD_MODES,
  type ChannelAddMode,
  MULTI_KEY_MODES,
  type MultiKeyMode,
} from '@tollgate/contracts';
import { Type } from 'class-transformer';
import { Allow, IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsInt32 } from './is-int32';

// A batch of keys or a large model list is legitimate; these bound a runaway paste.
const KEY_TEXT_LIMIT = 1_000_000;
const LIST_LIMIT = 200_000;
const JSON_LIMIT = 100_000;

/**
 * The channel form. Required fields, comma lists, JSON fields, priority, weight and status are checked by the
 * service with the spec's messages, so they are only typed (or just allowed) here.
 */
export class ChannelFormDto {
  @IsOptional() @IsInt32(0) type?: number;
  @IsOptional() @IsString() @MaxLength(255) name?: string;
  @IsOptional() @IsString() @MaxLength(KEY_TEXT_LIMIT) key?: string;
  @IsOptional() @IsString() @MaxLength(255) openai_organization?: string;
  @IsOptional() @IsInt32(0) max_input_tokens?: number;
  @IsOptional() @IsString() @MaxLength(2048) base_url?: string;
  @IsOptional() @IsString() @MaxLength(JSON_LIMIT) other?: string;
  @IsOptional() @IsString() @MaxLength(JSON_LIMIT) model_mapping?: string;
  @IsOptional() @IsString() @MaxLength(JSON_LIMIT) status_code_mapping?: string;
  @IsOptional() @IsString() @MaxLength(JSON_LIMIT) setting?: string;
  @IsOptional() @IsString() @MaxLength(JSON_LIMIT) param_override?: string;
  @IsOptional() @IsString() @MaxLength(JSON_LIMIT) header_override?: string;
  @IsOptional() @IsString() @MaxLength(LIST_LIMIT) models?: string;
  @IsOptional() @IsString() @MaxLength(LIST_LIMIT) group?: string;
  @IsOptional() @IsIn([0, 1]) auto_ban?: number;
  @IsOptional() @IsString() @MaxLength(255) test_model?: string;
  @Allow() priority?: unknown;
  @Allow() weight?: unknown;
  @IsOptional() @IsString() @MaxLength(255) tag?: string;
  @IsOptional() @IsString() @MaxLength(255) model_prefix?: string;
  @Allow() status?: unknown;
}

/** POST /api/channel/: `{mode, multi_key_mode, channel}` or a plain form (mode single). */
export class ChannelAddDto extends ChannelFormDto {
  @IsOptional() @IsIn(CHANNEL_ADD_MODES) mode?: ChannelAddMode;
  @IsOptional() @IsIn(MULTI_KEY_MODES) multi_key_mode?: MultiKeyMode;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ChannelFormDto)
  channel?: ChannelFormDto;
}

/** PUT /api/channel/: the id plus any fields to change. */
export class ChannelUpdateDto extends ChannelFormDto {
  @IsInt32(1) id: number;
  @IsOptional() @IsIn(MULTI_KEY_MODES) multi_key_mode?: MultiKeyMode;
}
