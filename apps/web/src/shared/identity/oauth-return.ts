// Where a sign-in through a provider continues: kept for this tab only while the user is away at the provider.
const RETURN_TO_KEY = 'oauth-return-to';

export function rememberOAuthReturnTo(returnTo: string | undefined): void {
  try {
    if (returnTo) window.sessionStorage.setItem(RETURN_TO_KEY, returnTo);
    else window.sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    // storage disabled: the callback falls back to the default page
  }
}

export function takeOAuthReturnTo(): string | undefined {
  try {
    const value = window.sessionStorage.getItem(RETURN_TO_KEY) ?? undefined;
    window.sessionStorage.removeItem(RETURN_TO_KEY);
    return value;
  } catch {
    return undefined;
  }
}
