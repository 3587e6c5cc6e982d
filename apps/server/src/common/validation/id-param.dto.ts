import { Type } from 'class-transformer';
import { IsId } from './validation.decorators';

/** The `/{id}` path segment of every route that names one row. */
export class IdParamDto {
  @Type(() => Number)
  @IsId()
  id: number;
}
