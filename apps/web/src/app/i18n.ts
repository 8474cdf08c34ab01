import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en.ts';

/** English is the only bundled language; the default language comes from the server's settings. */
export async function initI18n(language: string) {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = i18n.language;
  return i18n;
}
