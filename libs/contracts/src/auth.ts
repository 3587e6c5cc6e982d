import { type SelfUser } from './users';

/**
 * Registration, email codes, password reset and third-party logins (spec 000 §2/§4/§5/§9, 001 §7).
 * Bot-checked calls carry the Turnstile token as the `turnstile` query parameter.
 */

/** POST /api/user/register?turnstile= ; email and verification_code are needed when email verification is on. */
export interface RegisterRequest {
  username: string;
  password: string;
  email?: string;
  verification_code?: string;
  /** The inviter's code (the /register?aff= query). */
  aff_code?: string;
}

/** POST /api/user/reset: from the mailed link; the answer's data is the new password. */
export interface PasswordResetConfirmRequest {
  email: string;
  token: string;
}

/** Providers with the OAuth2 authorization-code flow: GET /api/oauth/{provider}?code=&state= */
export const OAUTH_CODE_PROVIDERS = ['github', 'oidc', 'linuxdo'] as const;
export type OAuthCodeProvider = (typeof OAUTH_CODE_PROVIDERS)[number];

/** Everything a signed-in user can bind to the account. */
export type BindProvider = OAuthCodeProvider | 'wechat' | 'telegram' | 'email';

/** A bind callback's answer (the caller was signed in); the console then goes to settings. */
export interface OAuthBindResult {
  bound: BindProvider;
}

/** Login callbacks answer the user like password login (and set the session cookie). */
export type OAuthCallbackResult = SelfUser | OAuthBindResult;

export const isOAuthBindResult = (result: OAuthCallbackResult): result is OAuthBindResult =>
  'bound' in result;

/**
 * GET /api/oauth/authorize/{provider}?aff= : the provider's authorization address, built by the server with a
 * fresh state (and PKCE for OIDC). GET /api/oauth/state?aff= answers the bare state instead.
 */
export interface OAuthAuthorization {
  url: string;
  state: string;
}

/** Telegram login widget fields, sent as query parameters to /api/oauth/telegram/login and /bind. */
export interface TelegramLoginData {
  id: string;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: string;
  hash: string;
}

/** Spec §9: a new email code may be asked for 30 s after the last one; the reset button waits 30 s too. */
export const EMAIL_CODE_RESEND_SECONDS = 30;
export const PASSWORD_RESET_COOLDOWN_SECONDS = 30;
/** Reference §8.3: email codes live 10 minutes. */
export const EMAIL_CODE_TTL_SECONDS = 10 * 60;
/** A reset link is valid this long (spec 001 §4: "a limited time"). */
export const PASSWORD_RESET_TTL_SECONDS = 15 * 60;
/** Spec §4/§9: the WeChat login code is valid three minutes (set by the WeChat helper server). */
export const WECHAT_CODE_VALID_SECONDS = 3 * 60;
