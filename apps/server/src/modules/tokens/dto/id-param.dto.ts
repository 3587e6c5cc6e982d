import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** `/{id}` path segment: a positive 32-bit integer (larger values would overflow the column type). */
export class TokenIdParamDto {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  id: number;
}
