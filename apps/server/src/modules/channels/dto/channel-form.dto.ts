import {
  CHANNEL_ADD_MODES,
  type ChannelAddMode,
  MULTI_KEY_MODES,
  type MultiKeyMode,
} from '@tollgate/contracts';
import { Type } from 'class-transformer';
import { Allow, IsIn, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsId, IsInt32, Omittable } from '../../../common/validation/validation.decorators';

// A batch of keys or a large model list is legitimate; these bound a runaway paste.
const KEY_TEXT_LIMIT = 1_000_000;
const LIST_LIMIT = 200_000;
const JSON_LIMIT = 100_000;

/**
 * The channel form. Required fields, comma lists, JSON fields, priority, weight and status are checked by the
 * service with the spec's messages, so they are only typed (or just allowed) here.
 */
export class ChannelFormDto {
  @Omittable() @IsInt32(0) type?: number;
  @Omittable() @IsString() @MaxLength(255) name?: string;
  @Omittable() @IsString() @MaxLength(KEY_TEXT_LIMIT) key?: string;
  @Omittable() @IsString() @MaxLength(255) openai_organization?: string;
  @Omittable() @IsInt32(0) max_input_tokens?: number;
  @Omittable() @IsString() @MaxLength(2048) base_url?: string;
  @Omittable() @IsString() @MaxLength(JSON_LIMIT) other?: string;
  @Omittable() @IsString() @MaxLength(JSON_LIMIT) model_mapping?: string;
  @Omittable() @IsString() @MaxLength(JSON_LIMIT) status_code_mapping?: string;
  @Omittable() @IsString() @MaxLength(JSON_LIMIT) setting?: string;
  @Omittable() @IsString() @MaxLength(JSON_LIMIT) param_override?: string;
  @Omittable() @IsString() @MaxLength(JSON_LIMIT) header_override?: string;
  @Omittable() @IsString() @MaxLength(LIST_LIMIT) models?: string;
  @Omittable() @IsString() @MaxLength(LIST_LIMIT) group?: string;
  @Omittable() @IsIn([0, 1]) auto_ban?: number;
  @Omittable() @IsString() @MaxLength(255) test_model?: string;
  @Allow() priority?: unknown;
  @Allow() weight?: unknown;
  @Omittable() @IsString() @MaxLength(255) tag?: string;
  @Omittable() @IsString() @MaxLength(255) model_prefix?: string;
  @Allow() status?: unknown;
}

/** POST /api/channel/: `{mode, multi_key_mode, channel}` or a plain form (mode single). */
export class ChannelAddDto extends ChannelFormDto {
  @Omittable() @IsIn(CHANNEL_ADD_MODES) mode?: ChannelAddMode;
  @Omittable() @IsIn(MULTI_KEY_MODES) multi_key_mode?: MultiKeyMode;

  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => ChannelFormDto)
  channel?: ChannelFormDto;
}

/** PUT /api/channel/: the id plus any fields to change. */
export class ChannelUpdateDto extends ChannelFormDto {
  @IsId() id: number;
  @Omittable() @IsIn(MULTI_KEY_MODES) multi_key_mode?: MultiKeyMode;
}
