import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { IsId, Omittable } from '../../../common/validation/validation.decorators';

export class RedemptionSearchQueryDto extends PageQueryDto {
  /** Name, part of the code, or id. */
  @Omittable()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

/** ?name= of count-by-name and delete-by-name; presence is checked by the service (spec message). */
export class RedemptionNameQueryDto {
  @Omittable()
  @IsString()
  @MaxLength(100)
  name?: string;
}

/** Selected codes; an empty selection is answered by the service with the spec's message. */
export class RedemptionIdsDto {
  @Omittable()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsId({ each: true })
  ids?: number[];
}

export class StatusOnlyQueryDto {
  @Omittable()
  @IsString()
  status_only?: string;
}

export class TopUpDto {
  // Emptiness is answered by the service with the spec's "no redemption code provided".
  @Omittable()
  @IsString()
  @MaxLength(200)
  key?: string;
}
