/**
 * The `code` query parameter as typed in the link. Read from the raw query string: the router's
 * parsed search would turn a numeric-looking code such as 1.50 into a number.
 */
export function readCodeParam(searchStr: string): string | undefined {
  const code = new URLSearchParams(searchStr).get('code')?.trim();
  return code || undefined;
}
