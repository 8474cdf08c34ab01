import { LOCALE_TAGS } from '@selfcare/domain';
import { currentLanguage } from './i18n.ts';

const regions = new Map<string, Intl.DisplayNames | null>();

/** Two countries by their codes, in the order of their names in the language being read. */
export const byCountryName = (a: string, b: string): number =>
  countryName(a).localeCompare(countryName(b), LOCALE_TAGS[currentLanguage()]);

/** A country by its ISO code, named in the language the pages are read in; the code where the browser knows none. */
export function countryName(code: string): string {
  const tag = LOCALE_TAGS[currentLanguage()];
  let names = regions.get(tag);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([tag, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    regions.set(tag, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}
