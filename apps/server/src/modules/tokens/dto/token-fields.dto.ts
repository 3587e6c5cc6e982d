import { Allow, IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const INT32_MAX = 2_147_483_647;

/**
 * Token fields a user may set; every one optional (update keeps what is left out, create uses spec defaults).
 * Rules with spec messages (name length, negative quota, expiry format, IPs, group) are checked by the service.
 */
export class TokenFieldsDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @IsOptional()
  @IsInt()
  @Max(Number.MAX_SAFE_INTEGER)
  remain_quota?: number;

  @IsOptional()
  @IsBoolean()
  unlimited_quota?: boolean;

  // Epoch seconds or -1, as a number or numeric string: an unparsable value gets the spec's message.
  @IsOptional()
  @Allow()
  expired_time?: unknown;

  @IsOptional()
  @IsBoolean()
  model_limits_enabled?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(65_535)
  model_limits?: string;

  @IsOptional()
  @IsString()
  @MaxLength(65_535)
  allow_ips?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  group?: string;

  @IsOptional()
  @IsBoolean()
  rate_limit_enabled?: boolean;

  /** Window in seconds. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT32_MAX)
  rate_limit_period?: number;

  /** 0 = unlimited. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(INT32_MAX)
  rate_limit_count?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT32_MAX)
  rate_limit_success?: number;
}
