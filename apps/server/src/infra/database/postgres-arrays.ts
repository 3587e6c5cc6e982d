/**
 * A PostgreSQL array literal (`{1,"a b",NULL}`) of plain values, for one parameter that carries a whole
 * column (`unnest($1::text[], …)`). node-postgres would build the same text, but it runs two regular
 * expressions over every element; here only a string holding a quote or a backslash is escaped.
 */
export function postgresArrayLiteral(values: readonly unknown[]): string {
  let literal = '{';
  for (let index = 0; index < values.length; index++) {
    if (index > 0) literal += ',';
    literal += element(values[index]);
  }
  return literal + '}';
}

/** `unnest($1::bigint[], $2::text[], …)`: rows made of one array parameter a column, of these column types. */
export function unnestColumns(types: readonly string[]): string {
  return `unnest(${types.map((type, index) => `$${index + 1}::${type}[]`).join(', ')})`;
}

function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'string') throw new TypeError(`no array literal for a ${typeof value}`);
  return quoted(value);
}

// Quoted, so that commas, braces, spaces and the word NULL stay text.
function quoted(text: string): string {
  if (text.indexOf('"') === -1 && text.indexOf('\\') === -1) return `"${text}"`;
  return `"${text.replace(/["\\]/g, '\\$&')}"`;
}
