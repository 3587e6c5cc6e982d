import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { RedemptionFieldsDto } from './create-redemption.dto';

/** PUT /api/redemption/: the id plus any fields to change; `status` is read only with ?status_only=true. */
export class UpdateRedemptionDto extends RedemptionFieldsDto {
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  id: number;

  @IsOptional()
  @IsInt()
  status?: number;
}
