import { Allow, IsBoolean, IsString, MaxLength } from 'class-validator';
import { IsInt32, IsQuota, Omittable } from '../../../common/validation/validation.decorators';

/**
 * Token fields a user may set; every one optional (update keeps what is left out, create uses spec defaults).
 * Rules with spec messages (name length, negative quota, expiry format, IPs, group) are checked by the service.
 */
export class TokenFieldsDto {
  @Omittable()
  @IsString()
  @MaxLength(200)
  name?: string;

  @Omittable()
  @IsQuota()
  remain_quota?: number;

  @Omittable()
  @IsBoolean()
  unlimited_quota?: boolean;

  // Epoch seconds or -1, as a number or numeric string: an unparsable value gets the spec's message.
  @Allow()
  expired_time?: unknown;

  @Omittable()
  @IsBoolean()
  model_limits_enabled?: boolean;

  @Omittable()
  @IsString()
  @MaxLength(65_535)
  model_limits?: string;

  @Omittable()
  @IsString()
  @MaxLength(65_535)
  allow_ips?: string;

  @Omittable()
  @IsString()
  @MaxLength(64)
  group?: string;

  @Omittable()
  @IsBoolean()
  rate_limit_enabled?: boolean;

  /** Window in seconds. */
  @Omittable()
  @IsInt32(1)
  rate_limit_period?: number;

  /** 0 = unlimited. */
  @Omittable()
  @IsInt32(0)
  rate_limit_count?: number;

  @Omittable()
  @IsInt32(1)
  rate_limit_success?: number;
}
