import { LOG_TABLE_COLUMNS_STORAGE_KEY } from '@tollgate/contracts';

/** Columns the column settings dialog can hide, in table order. */
export const LOG_COLUMN_KEYS = [
  'time',
  'channel',
  'username',
  'token',
  'group',
  'type',
  'model',
  'useTime',
  'prompt',
  'completion',
  'quota',
  'retry',
  'ip',
  'details',
] as const;
export type LogColumnKey = (typeof LOG_COLUMN_KEYS)[number];

/** Spec 001 §6: only administrators see these. */
export const ADMIN_LOG_COLUMNS: readonly LogColumnKey[] = ['channel', 'username', 'retry'];

export type LogColumnVisibility = Record<LogColumnKey, boolean>;

// The caller's IP is kept for audits; the table starts without it.
export const DEFAULT_LOG_COLUMNS: LogColumnVisibility = Object.fromEntries(
  LOG_COLUMN_KEYS.map((key) => [key, key !== 'ip']),
) as LogColumnVisibility;

/** Stored choices (spec 001 §9 `logs-table-columns`) over the defaults, so a column added later shows up. */
export function readLogColumns(): LogColumnVisibility {
  const visibility = { ...DEFAULT_LOG_COLUMNS };
  try {
    const stored = JSON.parse(window.localStorage.getItem(LOG_TABLE_COLUMNS_STORAGE_KEY) ?? '{}') as unknown;
    if (typeof stored !== 'object' || stored === null) return visibility;
    for (const key of LOG_COLUMN_KEYS) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'boolean') visibility[key] = value;
    }
  } catch {
    // Unreadable JSON or no storage: the defaults apply.
  }
  return visibility;
}

export function writeLogColumns(visibility: LogColumnVisibility): void {
  try {
    window.localStorage.setItem(LOG_TABLE_COLUMNS_STORAGE_KEY, JSON.stringify(visibility));
  } catch {
    // Storage full or disabled: the choice still applies for this visit.
  }
}
