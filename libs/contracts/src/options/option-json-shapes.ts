import { type OptionIssue, type OptionIssueCode, optionIssue } from './option-issues';
import { type JsonShape } from './option-spec';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// JSON.parse turns 1e999 into Infinity, hence the finite check.
const isRatio = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isString = (value: unknown): boolean => typeof value === 'string';
const isPositiveInteger = (value: unknown): boolean =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
// A chat link: one display name mapped to one URL template.
const isLink = (value: unknown): boolean =>
  isPlainObject(value) && Object.keys(value).length === 1 && Object.values(value).every(isString);

const checkEntries = (
  key: string,
  parsed: unknown,
  valid: (value: unknown) => boolean,
  code: OptionIssueCode,
): OptionIssue | null => {
  if (!isPlainObject(parsed)) return optionIssue('json_not_object', { key });
  const bad = Object.entries(parsed).find(([, value]) => !valid(value));
  return bad ? optionIssue(code, { key, entry: bad[0] }) : null;
};

const checkItems = (
  key: string,
  parsed: unknown,
  valid: (value: unknown) => boolean,
  code: OptionIssueCode,
): OptionIssue | null => {
  if (!Array.isArray(parsed)) return optionIssue('json_not_array', { key });
  const index = parsed.findIndex((item) => !valid(item));
  return index < 0 ? null : optionIssue(code, { key, position: index + 1 });
};

/** Parses a JSON option value and checks it holds the shape its key expects. */
export const checkJsonValue = (key: string, shape: JsonShape, value: string): OptionIssue | null => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return optionIssue('invalid_json', { key });
  }
  switch (shape) {
    case 'object':
      return isPlainObject(parsed) ? null : optionIssue('json_not_object', { key });
    case 'ratio-map':
      return checkEntries(key, parsed, isRatio, 'json_invalid_ratio');
    case 'string-map':
      return checkEntries(key, parsed, isString, 'json_invalid_string_value');
    case 'positive-integer-map':
      return checkEntries(key, parsed, isPositiveInteger, 'json_invalid_integer_value');
    case 'string-list':
      return checkItems(key, parsed, isString, 'json_invalid_list_item');
    case 'link-list':
      return checkItems(key, parsed, isLink, 'json_invalid_chat_link');
  }
};
