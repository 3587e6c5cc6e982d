import { OAUTH_CODE_PROVIDERS, type OAuthCodeProvider } from '@tollgate/contracts';

/** Providers that come back to a console callback route (/oauth/{provider}). */
export const isOAuthProvider = (value: string): value is OAuthCodeProvider =>
  (OAUTH_CODE_PROVIDERS as readonly string[]).includes(value);
