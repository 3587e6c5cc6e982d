import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PageQueryDto, pageWindow, toPage } from './pagination';

const parse = (query: Record<string, string | undefined>) => {
  const dto = plainToInstance(PageQueryDto, query);
  return { dto, errors: validateSync(dto) };
};

describe('page query', () => {
  it('defaults to the first page of 10', () => {
    const { dto, errors } = parse({});
    expect(errors).toEqual([]);
    expect(pageWindow(dto)).toEqual({ offset: 0, limit: 10 });
  });

  it('turns p and page_size into an offset window and a page answer', () => {
    const { dto } = parse({ p: '3', page_size: '20' });
    expect(pageWindow(dto)).toEqual({ offset: 40, limit: 20 });
    expect(toPage(['a'], 41, dto)).toEqual({ items: ['a'], page: 3, page_size: 20, total: 41 });
  });

  it.each([
    { p: '0' },
    { p: 'x' },
    { page_size: '101' },
    { page_size: '0' },
    { p: '1.5' },
    { p: '1e20' },
    { p: '2147483648' },
  ])('refuses %j', (query) => {
    expect(parse(query).errors).not.toEqual([]);
  });
});
