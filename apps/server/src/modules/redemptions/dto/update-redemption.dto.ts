import { IsId, IsInt32, Omittable } from '../../../common/validation/validation.decorators';
import { RedemptionFieldsDto } from './create-redemption.dto';

/** PUT /api/redemption/: the id plus any fields to change; `status` is read only with ?status_only=true. */
export class UpdateRedemptionDto extends RedemptionFieldsDto {
  @IsId()
  id: number;

  @Omittable()
  @IsInt32()
  status?: number;
}
