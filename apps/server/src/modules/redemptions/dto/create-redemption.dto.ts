import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const INT32_MAX = 2_147_483_647;

/** Ranges with spec messages (name 1–20, count 1–100, quota > 0, validity order) are checked by the service. */
export class RedemptionFieldsDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @IsOptional()
  @IsInt()
  @Max(Number.MAX_SAFE_INTEGER)
  quota?: number;

  @IsOptional()
  @IsBoolean()
  is_gift?: boolean;

  @IsOptional()
  @IsInt()
  @Min(-1)
  @Max(INT32_MAX)
  max_uses?: number;

  /** Epoch seconds, 0 = unset. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  valid_from?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  valid_until?: number;
}

export class CreateRedemptionDto extends RedemptionFieldsDto {
  @IsOptional()
  @IsInt()
  @Max(INT32_MAX)
  count?: number;

  /** Optional custom code text. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  key?: string;
}
