import { MAX_PAGE_SIZE } from '@tollgate/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { Omittable } from '../../../common/validation/validation.decorators';

/** The console names the page size `size` on token lists; `page_size` works too. */
export class TokenListQueryDto extends PageQueryDto {
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  size?: number;
}

export class TokenSearchQueryDto extends TokenListQueryDto {
  /** Part of the token name. */
  @Omittable()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  /** The key or part of it, with or without `sk-`. */
  @Omittable()
  @IsString()
  @MaxLength(100)
  token?: string;
}

export class StatusOnlyQueryDto {
  @Omittable()
  @IsString()
  status_only?: string;
}

/** The page the caller asked for, whichever size parameter it used. */
export const tokenPage = (query: TokenListQueryDto): PageQueryDto => ({
  p: query.p,
  page_size: query.size ?? query.page_size,
});
