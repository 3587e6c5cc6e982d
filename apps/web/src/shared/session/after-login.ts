/** Where a signed-in user starts: after a login without a return address, and from the home page. */
export const DEFAULT_AFTER_LOGIN = '/app/tokens';
