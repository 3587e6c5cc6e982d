import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '@tollgate/contracts';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { IsInt32, Omittable } from '../validation/validation.decorators';

/** `?p=` (1-based) and `?page_size=`; lists extend this DTO with their own filters. */
export class PageQueryDto {
  // Bounded like an id: a page number of 1e20 made an OFFSET neither database accepts.
  @Omittable()
  @Type(() => Number)
  @IsInt32(1)
  p = 1;

  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  page_size = DEFAULT_PAGE_SIZE;
}

export interface PageWindow {
  offset: number;
  limit: number;
}

export const pageWindow = (query: PageQueryDto): PageWindow => ({
  offset: (query.p - 1) * query.page_size,
  limit: query.page_size,
});

export const toPage = <T>(items: T[], total: number, query: PageQueryDto): Page<T> => ({
  items,
  page: query.p,
  page_size: query.page_size,
  total,
});
