import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { OptionalText } from './optional-text.decorator';

// Whitelisted fields only: anything else a caller sends (role, quota, group, status…) is dropped.
// Type checks sit next to the property: they run first, so a wrong type is named before its bounds.

export class UpdateSelfDto {
  @OptionalText(200)
  display_name?: string;

  @OptionalText(200)
  password?: string;

  @OptionalText(200)
  original_password?: string;
}

export class DeleteSelfDto {
  @OptionalText(200)
  password?: string;
}

export class AffTransferDto {
  // No lower bound here: the service answers with the spec's minimum-transfer message.
  @Min(-Number.MAX_SAFE_INTEGER)
  @Max(Number.MAX_SAFE_INTEGER)
  @IsInt()
  quota: number;
}

export class UserSettingDto {
  @OptionalText(20)
  notify_type?: string;

  @IsOptional()
  @Min(-Number.MAX_SAFE_INTEGER)
  @Max(Number.MAX_SAFE_INTEGER)
  @IsInt()
  quota_warning_threshold?: number;

  @OptionalText(2048)
  webhook_url?: string;

  @OptionalText(1024)
  webhook_secret?: string;

  @OptionalText(200)
  notification_email?: string;

  @IsOptional()
  @IsBoolean()
  accept_unset_model_ratio_model?: boolean;
}
