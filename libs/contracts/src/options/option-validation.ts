import { type OptionKey, OPTION_CATALOGUE, isOptionKey } from './option-catalogue';
import { checkDomainList, isHttpUrl } from './option-formats';
import { type OptionIssue, optionIssue } from './option-issues';
import { checkJsonValue } from './option-json-shapes';
import { checkFallbackWrite, missingRequirements } from './option-rules';
import { type NumericOptionSpec, type OptionSpec, type StringOptionSpec } from './option-spec';

const INTEGER = /^-?\d+$/;
// Plain decimal notation as a number input produces it; no hex, no "Infinity", no surrounding spaces.
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

const checkRange = (key: OptionKey, spec: NumericOptionSpec, n: number): OptionIssue | null => {
  let issue: OptionIssue | null = null;
  if (spec.min !== undefined && (spec.minExclusive ? n <= spec.min : n < spec.min)) {
    issue = optionIssue(spec.minExclusive ? 'not_greater_than' : 'below_minimum', { key, min: spec.min });
  } else if (spec.max !== undefined && n > spec.max) {
    issue = optionIssue('above_maximum', { key, max: spec.max });
  }
  return issue && spec.rangeIssue ? optionIssue(spec.rangeIssue) : issue;
};

const checkNumber = (key: OptionKey, spec: NumericOptionSpec, value: string): OptionIssue | null => {
  if (spec.optional && value === '') return null;
  const n = Number(value);
  if (spec.kind === 'integer') {
    if (!INTEGER.test(value) || !Number.isSafeInteger(n)) return optionIssue('not_integer', { key });
  } else if (!DECIMAL.test(value) || !Number.isFinite(n)) {
    return optionIssue('not_number', { key });
  }
  return checkRange(key, spec, n);
};

const checkString = (key: OptionKey, spec: StringOptionSpec, value: string): OptionIssue | null => {
  if (spec.oneOf && !spec.oneOf.includes(value)) {
    return optionIssue('not_one_of', { key, allowed: spec.oneOf.join(', ') });
  }
  // Empty means "not configured" for every formatted string.
  if (value === '' || spec.format === undefined) return null;
  switch (spec.format) {
    case 'url':
      return isHttpUrl(value) ? null : optionIssue(spec.formatIssue ?? 'invalid_url', { key });
    case 'domain-list':
      return checkDomainList(value);
  }
};

const checkValue = (key: OptionKey, spec: OptionSpec, value: string): OptionIssue | null => {
  switch (spec.kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : optionIssue('not_boolean', { key });
    case 'integer':
    case 'number':
      return checkNumber(key, spec, value);
    case 'json':
      return checkJsonValue(key, spec.shape, value);
    case 'string':
      return checkString(key, spec, value);
    case 'text':
      return null;
  }
};

const checkRequirements = (
  key: OptionKey,
  spec: OptionSpec,
  value: string,
  current: Readonly<Record<string, string>>,
): OptionIssue | null => {
  const turnsOn = spec.kind === 'boolean' ? value === 'true' : value !== '';
  if (!turnsOn) return null;
  const missing = missingRequirements(key, current);
  return missing.length > 0 ? optionIssue('requires_option', { key, required: missing.join(', ') }) : null;
};

/**
 * Server-side rules for `PUT /api/option/ {key, value}`; also run by the console before it saves.
 * `current` is the stored options before this write (the console's copy lacks secrets).
 * Returns the first problem found, or null when the write may be stored.
 */
export const validateOption = (
  key: string,
  value: string,
  current: Readonly<Record<string, string>>,
): OptionIssue | null => {
  if (!isOptionKey(key)) return optionIssue('unknown_option', { key });
  const spec = OPTION_CATALOGUE[key];
  return (
    checkValue(key, spec, value) ??
    checkRequirements(key, spec, value, current) ??
    checkFallbackWrite(key, value, current)
  );
};
