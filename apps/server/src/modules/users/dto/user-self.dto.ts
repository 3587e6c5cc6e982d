import { IsBoolean } from 'class-validator';
import { IsQuota, Omittable, OptionalText } from '../../../common/validation/validation.decorators';

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
  @IsQuota()
  quota: number;
}

export class UserSettingDto {
  @OptionalText(20)
  notify_type?: string;

  @Omittable()
  @IsQuota()
  quota_warning_threshold?: number;

  @OptionalText(2048)
  webhook_url?: string;

  @OptionalText(1024)
  webhook_secret?: string;

  @OptionalText(200)
  notification_email?: string;

  @Omittable()
  @IsBoolean()
  accept_unset_model_ratio_model?: boolean;
}
