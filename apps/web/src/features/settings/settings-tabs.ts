/** Tabs of /admin/settings, chosen by the `tab` query parameter (spec 000 §2; default operation). */
export const SETTINGS_TABS = ['operation', 'ratelimit', 'models', 'system', 'other'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const DEFAULT_SETTINGS_TAB: SettingsTab = 'operation';

export const isSettingsTab = (value: unknown): value is SettingsTab =>
  (SETTINGS_TABS as readonly unknown[]).includes(value);
