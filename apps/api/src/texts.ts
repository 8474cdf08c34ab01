import { type I18n, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LOCALE_TAGS, LOCALES, type Locale } from '@selfcare/domain';

/** A catalog: message ids and their text in ICU MessageFormat ('Your {month} bill: {amount}'). */
export type Catalog = Readonly<Record<string, string>>;
/** The values a text is formatted with: already written for its reader (a day, an amount) or counts. */
export type TextValues = Readonly<Record<string, string | number>>;

export interface Texts<K extends string> {
  /** `key` in `locale`, its ICU arguments filled from `values`. */
  t(locale: Locale, key: K, values?: TextValues): string;
}

/**
 * The values as they are: Lingui reads `\u003c` or `\x0a` in a formatted message as the character
 * it names, so a name typed with one would reach an email as a control character or a '<'. Each
 * backslash is given as its own escape, which that one pass turns back into a backslash.
 */
function literal(values: TextValues): TextValues {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.replaceAll('\\', '\\u005c') : v]),
  );
}

/**
 * A module's texts in the portal's four languages (ADR 0055), from the JSON catalogs in its
 * `locales/` folder. English is the source; each translation must hold every key English has (the
 * type says so; texts.test.ts checks that none holds a key English lacks or its module does not use,
 * and that each uses English's arguments). The messages are compiled once, here, with Lingui's
 * compiler (an invalid one fails the start), and formatted by Lingui's runtime with the plurals and
 * selects of the language they are in.
 */
export function defineTexts<const E extends Catalog>(
  en: E,
  translations: { readonly [L in Exclude<Locale, 'en'>]: { readonly [K in keyof E]: string } },
): Texts<keyof E & string> {
  const catalogs = { en, ...translations } as Record<Locale, Catalog>;
  const byLocale = new Map<Locale, I18n>(
    LOCALES.map((locale) => [
      locale,
      setupI18n({
        locale,
        // Plurals and numbers by the Singapore variant of the language: Intl's own rules.
        locales: [LOCALE_TAGS[locale]],
        messages: {
          [locale]: Object.fromEntries(
            Object.entries(catalogs[locale]).map(([id, text]) => [id, compileMessageOrThrow(text)]),
          ),
        },
      }),
    ]),
  );
  return {
    t: (locale, key, values) =>
      (byLocale.get(locale) ?? (byLocale.get('en') as I18n))._(key, values && literal(values)),
  };
}
