import { Allow, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { Omittable } from '../../../common/validation/validation.decorators';

/**
 * POST /api/user/amount. The amount's type and range are the service's to answer (with the spec's texts), so
 * a string or a fraction gets the same clear message as a negative number.
 */
export class TopUpAmountDto {
  @Allow()
  amount?: unknown;

  // Sent by the console as upstream's is; not used.
  @Omittable()
  @IsString()
  @MaxLength(200)
  top_up_code?: string;
}

export class TopUpPayDto extends TopUpAmountDto {
  @Allow()
  payment_method?: unknown;
}

export class TopUpOrdersQueryDto extends PageQueryDto {
  /** Administrators: part of a trade number, a user id, a username or an email. */
  @Omittable()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}
