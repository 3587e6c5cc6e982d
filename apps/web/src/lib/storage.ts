import type { SelfUser, StatusObject } from '@tollgate/contracts';

/** Local storage keys named by the spec (§9); the values stay compatible with its string encoding. */
export const StorageKey = {
  Status: 'status',
  User: 'user',
  Chats: 'chats',
  ThemeMode: 'theme-mode',
  DefaultCollapseSidebar: 'default_collapse_sidebar',
  FooterHtml: 'footer_html',
  EnableDataExport: 'enable_data_export',
  EnableDrawing: 'enable_drawing',
  EnableTask: 'enable_task',
  MjNotifyEnabled: 'mj_notify_enabled',
  Language: 'i18nextLng',
  /** Fingerprint of the site notice the visitor last closed, so it shows again only once it changes. */
  NoticeSeen: 'notice_seen',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

export type FlagKey =
  | typeof StorageKey.DefaultCollapseSidebar
  | typeof StorageKey.EnableDataExport
  | typeof StorageKey.EnableDrawing
  | typeof StorageKey.EnableTask
  | typeof StorageKey.MjNotifyEnabled;

export type ThemeMode = 'light' | 'dark';

type Listener = () => void;
const listeners = new Map<StorageKey, Set<Listener>>();

function notify(key: StorageKey): void {
  listeners.get(key)?.forEach((listener) => listener());
}

/** Subscribes to writes of one key, from this tab and (through the `storage` event) from others. */
export function subscribeStorage(key: StorageKey, listener: Listener): () => void {
  const set = listeners.get(key) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(key, set);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function readRaw(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeRaw(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the console keeps working without persistence.
  }
  notify(key);
}

function readJson(key: StorageKey): unknown {
  const raw = readRaw(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseUser(raw: string | null): SelfUser | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return isRecord(value) && typeof value.id === 'number' && typeof value.username === 'string'
      ? (value as unknown as SelfUser)
      : null;
  } catch {
    return null;
  }
}

export function readUser(): SelfUser | null {
  return parseUser(readRaw(StorageKey.User));
}

export function writeUser(user: SelfUser): void {
  writeRaw(StorageKey.User, JSON.stringify(user));
}

export function clearUser(): void {
  writeRaw(StorageKey.User, null);
}

export function readStatus(): StatusObject | null {
  const value = readJson(StorageKey.Status);
  return isRecord(value) && typeof value.setup === 'boolean' ? (value as unknown as StatusObject) : null;
}

/** Caches the status and mirrors the keys other screens read without parsing the whole object. */
export function writeStatus(status: StatusObject): void {
  writeRaw(StorageKey.Status, JSON.stringify(status));
  writeRaw(StorageKey.Chats, JSON.stringify(status.chats ?? []));
  writeRaw(StorageKey.FooterHtml, status.footer_html ?? '');
  // The site's default only until the user folds or unfolds the menu: then their choice is kept.
  if (readFlag(StorageKey.DefaultCollapseSidebar) === undefined)
    writeFlag(StorageKey.DefaultCollapseSidebar, status.default_collapse_sidebar);
  writeFlag(StorageKey.EnableDataExport, status.enable_data_export);
  writeFlag(StorageKey.EnableDrawing, status.enable_drawing);
  writeFlag(StorageKey.EnableTask, status.enable_task);
  writeFlag(StorageKey.MjNotifyEnabled, status.mj_notify_enabled);
}

/** Flags are stored as the strings true/false; undefined means never written. */
export function readFlag(key: FlagKey): boolean | undefined {
  const raw = readRaw(key);
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return undefined;
}

export function writeFlag(key: FlagKey, value: boolean | undefined): void {
  writeRaw(key, value === undefined ? null : String(value));
}

export function readThemeMode(): ThemeMode {
  return readRaw(StorageKey.ThemeMode) === 'dark' ? 'dark' : 'light';
}

export function writeThemeMode(mode: ThemeMode): void {
  writeRaw(StorageKey.ThemeMode, mode);
}

export function readLanguage(): string | null {
  return readRaw(StorageKey.Language);
}

export function writeLanguage(language: string): void {
  writeRaw(StorageKey.Language, language);
}

export function readNoticeSeen(): string | null {
  return readRaw(StorageKey.NoticeSeen);
}

export function writeNoticeSeen(fingerprint: string): void {
  writeRaw(StorageKey.NoticeSeen, fingerprint);
}
