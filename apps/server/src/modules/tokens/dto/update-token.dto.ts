import { IsId, IsInt32, Omittable } from '../../../common/validation/validation.decorators';
import { TokenFieldsDto } from './token-fields.dto';

/** PUT /api/token/: the id plus any fields to change; `status` is read only with ?status_only=true. */
export class UpdateTokenDto extends TokenFieldsDto {
  @IsId()
  id: number;

  @Omittable()
  @IsInt32()
  status?: number;
}
