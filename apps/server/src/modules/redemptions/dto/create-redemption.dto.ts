import { IsBoolean, IsString, MaxLength } from 'class-validator';
import {
  IsEpochSeconds,
  IsInt32,
  IsQuota,
  Omittable,
} from '../../../common/validation/validation.decorators';

/** Ranges with spec messages (name 1–20, count 1–100, quota > 0, validity order) are checked by the service. */
export class RedemptionFieldsDto {
  @Omittable()
  @IsString()
  @MaxLength(200)
  name?: string;

  @Omittable()
  @IsQuota()
  quota?: number;

  @Omittable()
  @IsBoolean()
  is_gift?: boolean;

  /** -1 = unlimited. */
  @Omittable()
  @IsInt32(-1)
  max_uses?: number;

  @Omittable()
  @IsEpochSeconds()
  valid_from?: number;

  @Omittable()
  @IsEpochSeconds()
  valid_until?: number;
}

export class CreateRedemptionDto extends RedemptionFieldsDto {
  @Omittable()
  @IsInt32()
  count?: number;

  /** Optional custom code text. */
  @Omittable()
  @IsString()
  @MaxLength(200)
  key?: string;
}
