import { IsInt, IsOptional } from 'class-validator';
import { TokenFieldsDto } from './token-fields.dto';

export class CreateTokenDto extends TokenFieldsDto {
  // Range checked by the service (1–100) with its own message.
  @IsOptional()
  @IsInt()
  quantity?: number;
}
