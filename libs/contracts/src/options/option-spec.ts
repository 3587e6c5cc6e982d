import { type OptionIssueCode } from './option-issues';

/** How an option value (always stored and sent as a string) is read. */
export type OptionKind = 'boolean' | 'integer' | 'number' | 'json' | 'string' | 'text';

/** What a JSON option must hold beyond being valid JSON. */
export type JsonShape =
  | 'object'
  /** `{ name: number ≥ 0 }`: model, completion, cache and group ratios, per-call prices. */
  | 'ratio-map'
  /** `{ name: string }`. */
  | 'string-map'
  /** `{ name: integer > 0 }`. */
  | 'positive-integer-map'
  /** `[string, …]`. */
  | 'string-list'
  /** `[{ name: url template }, …]`, exactly one key per item (the Chats option). */
  | 'link-list';

/** Extra checks on a non-empty string option. */
export type StringFormat = 'url' | 'domain-list';

interface OptionSpecBase {
  /** The stored form of the default: booleans "true"/"false", numbers in decimal, JSON compact. */
  default: string;
  /** Never sent to the console nor logged. */
  secret?: boolean;
}

export interface BooleanOptionSpec extends OptionSpecBase {
  kind: 'boolean';
}

export interface NumericRange {
  min?: number;
  /** The value must be strictly greater than `min`. */
  minExclusive?: boolean;
  max?: number;
  /** Issue reported instead of the generic range codes, where the spec quotes its own message. */
  rangeIssue?: OptionIssueCode;
}

export interface NumericOptionSpec extends OptionSpecBase, NumericRange {
  kind: 'integer' | 'number';
  /** An empty string means "unset" and is accepted. */
  optional?: boolean;
}

export interface JsonOptionSpec extends OptionSpecBase {
  kind: 'json';
  shape: JsonShape;
}

export interface StringOptionSpec extends OptionSpecBase {
  kind: 'string';
  format?: StringFormat;
  /** Issue reported instead of the generic format code. */
  formatIssue?: OptionIssueCode;
  oneOf?: readonly string[];
}

/** Free multi-line text (HTML, CSS, word lists): no server-side rule. */
export interface TextOptionSpec extends OptionSpecBase {
  kind: 'text';
}

export type OptionSpec =
  BooleanOptionSpec | NumericOptionSpec | JsonOptionSpec | StringOptionSpec | TextOptionSpec;

// Builders keep the catalogue at one readable line per key.

export const bool = (value: boolean): BooleanOptionSpec => ({ kind: 'boolean', default: String(value) });

export const integer = (value: number, range: NumericRange = {}): NumericOptionSpec => ({
  kind: 'integer',
  default: String(value),
  ...range,
});

export const decimal = (value: number, range: NumericRange = {}): NumericOptionSpec => ({
  kind: 'number',
  default: String(value),
  ...range,
});

export const optionalDecimal = (range: NumericRange = {}): NumericOptionSpec => ({
  kind: 'number',
  default: '',
  optional: true,
  ...range,
});

export const json = (value: unknown, shape: JsonShape): JsonOptionSpec => ({
  kind: 'json',
  default: JSON.stringify(value),
  shape,
});

export const str = (
  value = '',
  extra: Omit<StringOptionSpec, 'kind' | 'default'> = {},
): StringOptionSpec => ({
  kind: 'string',
  default: value,
  ...extra,
});

/** An http(s) address; empty means "not configured". */
export const url = (value = ''): StringOptionSpec => str(value, { format: 'url' });

export const secret = (): StringOptionSpec => ({ kind: 'string', default: '', secret: true });

export const text = (value = ''): TextOptionSpec => ({ kind: 'text', default: value });
