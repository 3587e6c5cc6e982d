import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLanguage, writeLanguage } from '../lib/storage';
import { en } from './locales/en';
import { zh } from './locales/zh';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'zh';

/** Older builds saved region tags such as zh-CN or en-US in the same key. */
export function normalizeLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const base = value.toLowerCase().split('-')[0];
  return LANGUAGES.find((language) => language === base) ?? null;
}

function detectLanguage(): Language {
  return normalizeLanguage(readLanguage()) ?? normalizeLanguage(navigator.language) ?? FALLBACK_LANGUAGE;
}

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;
}

i18n.on('languageChanged', (language: string) => {
  const normalized = normalizeLanguage(language) ?? FALLBACK_LANGUAGE;
  writeLanguage(normalized);
  document.documentElement.lang = normalized;
});

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: detectLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

export { i18n };
