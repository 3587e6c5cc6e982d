import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';

export class RedemptionSearchQueryDto extends PageQueryDto {
  /** Name, part of the code, or id. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

/** ?name= of count-by-name and delete-by-name; presence is checked by the service (spec message). */
export class RedemptionNameQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;
}

/** Selected codes; an empty selection is answered by the service with the spec's message. */
export class RedemptionIdsDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsInt({ each: true })
  ids?: number[];
}

export class RedemptionIdParamDto {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  id: number;
}

export class StatusOnlyQueryDto {
  @IsOptional()
  @IsString()
  status_only?: string;
}

export class TopUpDto {
  // Emptiness is answered by the service with the spec's "no redemption code provided".
  @IsOptional()
  @IsString()
  @MaxLength(200)
  key?: string;
}
