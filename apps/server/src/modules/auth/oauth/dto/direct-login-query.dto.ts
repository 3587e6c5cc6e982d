import { type TelegramLoginData } from '@tollgate/contracts';
import { IsString, MaxLength } from 'class-validator';
import { OptionalText } from '../../../../common/validation/validation.decorators';

/** GET /api/oauth/wechat?code= and /api/oauth/wechat/bind?code= */
export class WeChatCodeQueryDto {
  @OptionalText(64)
  code = '';
}

/**
 * The Telegram widget's fields. Only these are signed; anything else is stripped, and an absent field
 * must stay absent (no defaults) or the signature check would see a different data string.
 */
export class TelegramLoginQueryDto implements TelegramLoginData {
  @IsString()
  @MaxLength(32)
  id: string;

  @OptionalText(256)
  first_name?: string;

  @OptionalText(256)
  last_name?: string;

  @OptionalText(256)
  username?: string;

  @OptionalText(1024)
  photo_url?: string;

  @IsString()
  @MaxLength(32)
  auth_date: string;

  @IsString()
  @MaxLength(128)
  hash: string;
}

/** GET /api/oauth/email/bind?email=&code= */
export class EmailBindQueryDto {
  @OptionalText(100)
  email = '';

  @OptionalText(32)
  code = '';
}
