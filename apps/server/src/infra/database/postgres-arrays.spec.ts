import { Client } from 'pg';
import { postgresArrayLiteral, unnestColumns } from './postgres-arrays';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// Read back by the real server: what PostgreSQL makes of the literal is what counts.
describe('postgresArrayLiteral', () => {
  const client = new Client({ connectionString: DATABASE_URL });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  const unnest = async (type: string, values: unknown[]): Promise<unknown[]> => {
    const { rows } = await client.query<{ value: unknown }>(
      `SELECT value FROM ${unnestColumns([type])} WITH ORDINALITY AS t(value, n) ORDER BY n`,
      [postgresArrayLiteral(values)],
    );
    return rows.map((row) => row.value);
  };

  it('keeps every text as it was, whatever it holds', async () => {
    const texts = [
      '',
      'plain',
      'NULL',
      'null',
      'a,b',
      '{braces}',
      ' spaced ',
      'say "hi"',
      'back\\slash',
      '\\"',
      '"',
      '\\',
      'line\nbreak\ttab',
      '{"model_ratio":0.002,"admin_info":{"use_channel":["1"]}}',
      '中文 ✓ 😀',
    ];
    await expect(unnest('text', texts)).resolves.toEqual(texts);
    await expect(unnest('varchar', texts)).resolves.toEqual(texts);
  });

  it('writes numbers, booleans and nulls unquoted', async () => {
    await expect(unnest('integer', [0, -7, 2147483647])).resolves.toEqual([0, -7, 2147483647]);
    await expect(unnest('bigint', [0, 9007199254740991, 2n ** 63n - 1n])).resolves.toEqual([
      '0',
      '9007199254740991',
      '9223372036854775807',
    ]);
    await expect(unnest('boolean', [true, false, null])).resolves.toEqual([true, false, null]);
    await expect(unnest('text', [null, undefined, 'x'])).resolves.toEqual([null, null, 'x']);
  });

  it('refuses a value it has no plain text for', () => {
    expect(() => postgresArrayLiteral([{ a: 1 }])).toThrow(TypeError);
  });

  it('makes an empty array of no values', async () => {
    expect(postgresArrayLiteral([])).toBe('{}');
    await expect(unnest('text', [])).resolves.toEqual([]);
  });
});
