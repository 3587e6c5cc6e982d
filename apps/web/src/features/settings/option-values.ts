import {
  OPTION_CATALOGUE,
  type OptionIssue,
  type OptionListEntry,
  isOptionKey,
  validateOption,
} from '@tollgate/contracts';

/** What the server holds: every readable value, and which write-only secrets are set. */
export interface StoredOptions {
  values: Readonly<Record<string, string>>;
  secretsSet: ReadonlySet<string>;
}

export function storedOptions(entries: readonly OptionListEntry[]): StoredOptions {
  const values: Record<string, string> = {};
  const secretsSet = new Set<string>();
  for (const entry of entries) {
    if (entry.secret) {
      if (entry.set) secretsSet.add(entry.key);
    } else values[entry.key] = entry.value;
  }
  return { values, secretsSet };
}

/** A form field's value: switches hold booleans, number inputs numbers (null when empty), the rest text. */
export type OptionFormValue = boolean | number | string | null | undefined;

const kindOf = (key: string) => (isOptionKey(key) ? OPTION_CATALOGUE[key].kind : 'string');

export const isSecretKey = (key: string): boolean =>
  isOptionKey(key) && OPTION_CATALOGUE[key].secret === true;

export function toFormValue(key: string, stored: string | undefined): OptionFormValue {
  if (isSecretKey(key)) return '';
  const value = stored ?? (isOptionKey(key) ? OPTION_CATALOGUE[key].default : '');
  const kind = kindOf(key);
  if (kind === 'boolean') return value === 'true';
  if (kind === 'integer' || kind === 'number') return value === '' ? null : Number(value);
  return value;
}

export function toStoredValue(key: string, value: OptionFormValue): string {
  if (kindOf(key) === 'boolean') return value ? 'true' : 'false';
  if (value === null || value === undefined) return '';
  return String(value);
}

export function formValues(keys: readonly string[], stored: StoredOptions): Record<string, OptionFormValue> {
  return Object.fromEntries(keys.map((key) => [key, toFormValue(key, stored.values[key])]));
}

/** The keys whose value differs from the stored one; a secret left blank keeps what is stored. */
export function changedOptions(
  keys: readonly string[],
  stored: StoredOptions,
  current: Record<string, OptionFormValue>,
): Record<string, string> {
  const changes: Record<string, string> = {};
  for (const key of keys) {
    const value = toStoredValue(key, current[key]);
    if (isSecretKey(key) ? value !== '' : value !== (stored.values[key] ?? '')) changes[key] = value;
  }
  return changes;
}

/** The server's own rules, run against the values as they would be after every change is saved. */
export function firstOptionIssue(changes: Record<string, string>, stored: StoredOptions): OptionIssue | null {
  const after = { ...stored.values, ...changes };
  for (const [key, value] of Object.entries(changes)) {
    const issue = validateOption(key, value, after);
    if (issue) return issue;
  }
  return null;
}

export interface SaveOutcome {
  saved: string[];
  failed: Array<{ key: string; error: Error }>;
}

/**
 * Spec 000 §4: changed switches are saved one at a time first (a later switch may depend on an earlier one),
 * then every other changed key in parallel, one call per key. Cleared keys go just before the others: the
 * server refuses a fallback price while a fallback ratio is stored (and back), so switching modes clears first.
 */
export async function saveChanges(
  changes: Record<string, string>,
  save: (key: string, value: string) => Promise<void>,
): Promise<SaveOutcome> {
  const outcome: SaveOutcome = { saved: [], failed: [] };
  const attempt = async (key: string) => {
    try {
      await save(key, changes[key]);
      outcome.saved.push(key);
    } catch (error) {
      outcome.failed.push({ key, error: error as Error });
    }
  };
  const keys = Object.keys(changes);
  for (const key of keys.filter((k) => kindOf(k) === 'boolean')) await attempt(key);
  const values = keys.filter((k) => kindOf(k) !== 'boolean');
  await Promise.all(values.filter((k) => changes[k] === '').map(attempt));
  await Promise.all(values.filter((k) => changes[k] !== '').map(attempt));
  return outcome;
}
