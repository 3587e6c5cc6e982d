import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import {
  MESSAGE_CONTENT_MAX_LENGTH,
  MESSAGE_FORMATS,
  MESSAGE_RECIPIENTS_MAX,
  MESSAGE_TITLE_MAX_LENGTH,
  type MessageFormat,
} from '@tollgate/contracts';
import { PageQueryDto } from '../../../common/http/pagination';
import {
  IsEpochSeconds,
  IsId,
  Omittable,
  OptionalText,
} from '../../../common/validation/validation.decorators';

/** PUT /api/admin/messages/{id}; emptiness is answered by the service with the spec's messages. */
export class MessageFieldsDto {
  @OptionalText(MESSAGE_TITLE_MAX_LENGTH)
  title?: string;

  @OptionalText(MESSAGE_CONTENT_MAX_LENGTH)
  content?: string;

  @Omittable()
  @IsString()
  @IsIn(MESSAGE_FORMATS)
  format?: MessageFormat;
}

/** POST /api/admin/messages: chosen users, or `all_users` for everybody who exists when it is sent. */
export class CreateMessageDto extends MessageFieldsDto {
  @Omittable()
  @IsArray()
  @ArrayMaxSize(MESSAGE_RECIPIENTS_MAX)
  @IsId({ each: true })
  user_ids?: number[];

  @Omittable()
  @IsBoolean()
  all_users?: boolean;
}

/** GET /api/admin/messages/search: keyword in title or content, sent between two instants (epoch seconds). */
export class MessageSearchQueryDto extends PageQueryDto {
  @Omittable()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  start_date?: number;

  @Omittable()
  @Type(() => Number)
  @IsEpochSeconds()
  end_date?: number;
}
