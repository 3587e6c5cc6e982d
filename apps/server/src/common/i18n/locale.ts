export type Locale = 'zh' | 'en';

export interface LocalisedText {
  en: string;
  zh: string;
}

/** Chinese is the fallback; English when the caller's first preference is English. */
export function localeFrom(acceptLanguage: string | undefined): Locale {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

export function formatText(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
