/** Columns the column-settings dialog can hide; the actions column is always shown. */
export const CHANNEL_COLUMN_KEYS = [
  'id',
  'name',
  'tag',
  'group',
  'type',
  'status',
  'responseTime',
  'balance',
  'priority',
  'weight',
] as const;
export type ChannelColumnKey = (typeof CHANNEL_COLUMN_KEYS)[number];

export type ColumnVisibility = Record<ChannelColumnKey, boolean>;

export const DEFAULT_COLUMN_VISIBILITY: ColumnVisibility = Object.fromEntries(
  CHANNEL_COLUMN_KEYS.map((key) => [key, true]),
) as ColumnVisibility;

/** Spec §9: the channel table remembers tag mode, id sort, page size and columns in local storage. */
export const ChannelPrefKey = {
  TagMode: 'channels-tag-mode',
  IdSort: 'channels-id-sort',
  Columns: 'channels-table-columns',
} as const;
/** The table name the shared paged list keeps its page size under (`<table>-page-size`). */
export const CHANNEL_TABLE = 'channels';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the choice still applies for this visit.
  }
}

export const readFlagPref = (key: string): boolean => read(key) === 'true';

export const writeFlagPref = (key: string, value: boolean): void => write(key, String(value));

/** Stored choices over the defaults, so a column added later shows up. */
export function readColumnVisibility(): ColumnVisibility {
  const visibility = { ...DEFAULT_COLUMN_VISIBILITY };
  try {
    const stored = JSON.parse(read(ChannelPrefKey.Columns) ?? '{}') as unknown;
    if (typeof stored !== 'object' || stored === null) return visibility;
    for (const key of CHANNEL_COLUMN_KEYS) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'boolean') visibility[key] = value;
    }
  } catch {
    // Unreadable JSON: the defaults apply.
  }
  return visibility;
}

export const writeColumnVisibility = (visibility: ColumnVisibility): void =>
  write(ChannelPrefKey.Columns, JSON.stringify(visibility));
