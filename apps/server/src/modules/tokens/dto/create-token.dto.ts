import { IsInt32, Omittable } from '../../../common/validation/validation.decorators';
import { TokenFieldsDto } from './token-fields.dto';

export class CreateTokenDto extends TokenFieldsDto {
  // Range checked by the service (1–100) with its own message.
  @Omittable()
  @IsInt32()
  quantity?: number;
}
