import { type TelegramLoginData } from '@tollgate/contracts';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** GET /api/oauth/wechat?code= and /api/oauth/wechat/bind?code= */
export class WeChatCodeQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
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

  @IsOptional()
  @IsString()
  @MaxLength(256)
  first_name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  last_name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  username?: string;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
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
  @IsOptional()
  @IsString()
  @MaxLength(100)
  email = '';

  @IsOptional()
  @IsString()
  @MaxLength(32)
  code = '';
}
