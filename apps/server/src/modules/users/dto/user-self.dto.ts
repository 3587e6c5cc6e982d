import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

// Whitelisted fields only: anything else a caller sends (role, quota, group, status…) is dropped.
// Type checks sit next to the property: they run first, so a wrong type is named before its bounds.

export class UpdateSelfDto {
  @IsOptional()
  @MaxLength(200)
  @IsString()
  display_name?: string;

  @IsOptional()
  @MaxLength(200)
  @IsString()
  password?: string;

  @IsOptional()
  @MaxLength(200)
  @IsString()
  original_password?: string;
}

export class DeleteSelfDto {
  @IsOptional()
  @MaxLength(200)
  @IsString()
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
  @IsOptional()
  @MaxLength(20)
  @IsString()
  notify_type?: string;

  @IsOptional()
  @Min(-Number.MAX_SAFE_INTEGER)
  @Max(Number.MAX_SAFE_INTEGER)
  @IsInt()
  quota_warning_threshold?: number;

  @IsOptional()
  @MaxLength(2048)
  @IsString()
  webhook_url?: string;

  @IsOptional()
  @MaxLength(1024)
  @IsString()
  webhook_secret?: string;

  @IsOptional()
  @MaxLength(200)
  @IsString()
  notification_email?: string;

  @IsOptional()
  @IsBoolean()
  accept_unset_model_ratio_model?: boolean;
}
