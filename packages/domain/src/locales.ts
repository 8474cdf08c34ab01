/**
 * The languages the portal speaks to customers (ADR 0055): Singapore's four official languages.
 * The staff console stays in English. A customer's choice is kept on their account and used for
 * what is sent to them; before they choose, the browser's preference among these, then the
 * operator's configured default.
 */
export const LOCALES = ['en', 'zh', 'ms', 'ta'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language in its own script, as a language switch lists it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  zh: '简体中文',
  ms: 'Bahasa Melayu',
  ta: 'தமிழ்',
};

/**
 * The tag `Intl` formats each language with, and `<html lang>` carries: Singapore's variant, so
 * that money is in dollars and days are written as Singapore writes them ('Tue, 1 Dec 2026').
 */
export const LOCALE_TAGS: Readonly<Record<Locale, string>> = {
  en: 'en-SG',
  zh: 'zh-Hans-SG',
  ms: 'ms-SG',
  ta: 'ta-SG',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * One of ours for a language tag as browsers and mail clients send them ('zh-CN', 'zh-Hant-TW',
 * 'ms', 'ta-IN', 'en-GB'); undefined for a language we do not speak. Traditional Chinese is read
 * by those who read Simplified, so it takes 'zh'; Indonesian is a different language from Malay,
 * so it takes nothing.
 */
export function localeOf(tag: string): Locale | undefined {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : undefined;
}

/**
 * The language of an Accept-Language header (or `navigator.languages`) that we speak, by the
 * weights the header gives ('q=0'  refuses a language); undefined when it names none of ours.
 */
export function preferredLocale(accepted: string | readonly string[] | null | undefined): Locale | undefined {
  if (!accepted) return undefined;
  const entries = typeof accepted === 'string' ? accepted.split(',') : accepted;
  const ranked = entries
    .map((entry, order) => {
      const [tag = '', ...params] = entry.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { locale: localeOf(tag), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((e) => e.locale !== undefined && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return ranked[0]?.locale;
}

/**
 * The language to speak: the customer's own choice when they made one, else the first of ours the
 * browser prefers, else the operator's default (DEFAULT_LANGUAGE), else English.
 */
export function chooseLocale(opts: {
  chosen?: string | null | undefined;
  accepted?: string | readonly string[] | null | undefined;
  configured?: string | null | undefined;
}): Locale {
  if (isLocale(opts.chosen)) return opts.chosen;
  return preferredLocale(opts.accepted) ?? (isLocale(opts.configured) ? opts.configured : 'en');
}

/**
 * The argument names a compiled ICU message uses (Lingui's compiled form), plural and select
 * branches included, sorted. Compiled, a message is its text, or a list of tokens: text, or an
 * argument `[name, format?, branches?]` whose branches are lists again.
 */
export function compiledArguments(message: unknown): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      names.add(String(token[0]));
      const branches = token[2];
      if (branches && typeof branches === 'object')
        for (const branch of Object.values(branches)) walk(branch);
    }
  };
  walk(message);
  return [...names].sort();
}
