import { EMAIL_OPTIONS, LOGIN_OPTIONS } from './catalogue-login';
import { CLAUDE_OPTIONS, GEMINI_OPTIONS, GLOBAL_OPTIONS } from './catalogue-models';
import { MONITORING_OPTIONS, QUOTA_OPTIONS, RATE_LIMIT_OPTIONS } from './catalogue-operation';
import { PRICING_OPTIONS } from './catalogue-pricing';
import { APPEARANCE_OPTIONS, MODE_OPTIONS, SERVER_OPTIONS } from './catalogue-server';
import { type OptionSpec } from './option-spec';

/** Each settings area declares its own keys; a key appearing in two areas fails the catalogue test. */
export const OPTION_AREAS = {
  server: SERVER_OPTIONS,
  login: LOGIN_OPTIONS,
  email: EMAIL_OPTIONS,
  appearance: APPEARANCE_OPTIONS,
  modes: MODE_OPTIONS,
  quota: QUOTA_OPTIONS,
  pricing: PRICING_OPTIONS,
  monitoring: MONITORING_OPTIONS,
  rateLimit: RATE_LIMIT_OPTIONS,
  gemini: GEMINI_OPTIONS,
  claude: CLAUDE_OPTIONS,
  global: GLOBAL_OPTIONS,
} as const;

export type OptionArea = keyof typeof OPTION_AREAS;

type AreaKeys<A> = A extends Record<infer K, OptionSpec> ? K : never;
/** Every option key the server stores. */
export type OptionKey = AreaKeys<(typeof OPTION_AREAS)[OptionArea]>;

export const OPTION_CATALOGUE: Readonly<Record<OptionKey, OptionSpec>> = Object.freeze(
  Object.assign({}, ...Object.values(OPTION_AREAS)) as Record<OptionKey, OptionSpec>,
);

export const OPTION_KEYS: readonly OptionKey[] = Object.freeze(Object.keys(OPTION_CATALOGUE) as OptionKey[]);

export const isOptionKey = (key: string): key is OptionKey => Object.hasOwn(OPTION_CATALOGUE, key);

/** A fresh, mutable map of every key to its stored default (the seed of an empty database). */
export const defaultOptionValues = (): Record<OptionKey, string> => {
  const values = {} as Record<OptionKey, string>;
  for (const key of OPTION_KEYS) values[key] = OPTION_CATALOGUE[key].default;
  return values;
};

// Rows left by older versions or other gateways may hold credentials we no longer know about:
// hide them by the usual name suffixes rather than leak them.
const SECRET_NAME = /(token|secret|key)$/i;

/** Whether a value must never reach the console or the logs. */
export const isSecretOption = (key: string): boolean =>
  isOptionKey(key) ? OPTION_CATALOGUE[key].secret === true : SECRET_NAME.test(key);

/** One row of `GET /api/option/`. A secret's row never carries its value, only whether one is set. */
export type OptionListEntry =
  { key: string; value: string; secret?: undefined } | { key: string; value: ''; secret: true; set: boolean };
