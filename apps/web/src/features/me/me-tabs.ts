/** Tabs of /app/me, chosen by the `tab` query parameter. */
export const ME_TABS = ['balance', 'checkin', 'invitation', 'bindings', 'notification', 'price'] as const;
export type MeTab = (typeof ME_TABS)[number];

export const isMeTab = (value: unknown): value is MeTab => (ME_TABS as readonly unknown[]).includes(value);
