export interface LoginSearch {
  expired?: boolean;
  returnTo?: string;
}

/** Only same-origin paths are followed after login, and never back to the login or setup pages. */
function isSafeReturnTo(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !/^\/(login|setup)(\/|\?|$)/.test(value);
}

export function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  const expired = search.expired === true || search.expired === 'true';
  const returnTo =
    typeof search.returnTo === 'string' && isSafeReturnTo(search.returnTo) ? search.returnTo : undefined;
  return { ...(expired ? { expired } : {}), ...(returnTo ? { returnTo } : {}) };
}
