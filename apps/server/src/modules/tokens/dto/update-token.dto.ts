import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { TokenFieldsDto } from './token-fields.dto';

/** PUT /api/token/: the id plus any fields to change; `status` is read only with ?status_only=true. */
export class UpdateTokenDto extends TokenFieldsDto {
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  id: number;

  @IsOptional()
  @IsInt()
  status?: number;
}
