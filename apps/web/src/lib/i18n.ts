import { type Messages, setupI18n } from '@lingui/core';
import {
  compiledArguments,
  LOCALE_TAGS,
  LOCALES,
  type Locale,
  type MessageCatalog,
  translateMessage,
} from '@selfcare/domain';
import { useSyncExternalStore } from 'react';

/**
 * The portal's texts in the reader's language (ADR 0055): Lingui's runtime over the JSON catalogs in
 * each `locales/` folder, compiled when the app is built (catalog-plugin.ts). A catalog is fetched for
 * the language being read only, when the code that uses it loads; `t('bills.due', { date })` formats
 * one of its ICU messages. The call shape is react-i18next's (`const { t } = useTranslation()`).
 */

/** A catalog's compiled messages in each language, as `import.meta.glob('./locales/*.json', …)` gives them. */
export type CatalogLoaders = Record<string, () => Promise<unknown>>;
type Values = Record<string, unknown> & { defaultValue?: string };

const i18n = setupI18n();
/** The catalogs the code loaded so far, by the prefix of their keys ('' for the portal's chrome). */
const catalogs = new Map<string, CatalogLoaders>();
/** The catalogs already given to Lingui: `${locale}:${prefix}`. */
const loaded = new Set<string>();
/**
 * The domain's messages (the spec's English, kept in the domain) in each language, by the English
 * (message-texts.ts): the catalogs loaded so far by name, and what they hold by language.
 */
const messageCatalogs = new Map<string, CatalogLoaders>();
const messages: Partial<Record<Locale, MessageCatalog>> = {};
/** The language texts are read in, and the one they are switching to while its catalogs arrive. */
let language: Locale = 'en';
let target: Locale = 'en';
/** Counts what changed the texts (a language, a catalog), so that components read them again. */
let version = 0;
const listeners = new Set<() => void>();

/** A message catalog in `locale`; English is the messages themselves. */
async function loadMessages(locale: Locale, name: string) {
  if (locale === 'en' || loaded.has(`${locale}:messages:${name}`)) return;
  const loaders = Object.entries(messageCatalogs.get(name) as CatalogLoaders);
  const catalog = (await loaders.find(([path]) => path.endsWith(`.${locale}.json`))?.[1]()) as MessageCatalog;
  messages[locale] = { ...messages[locale], ...catalog };
  loaded.add(`${locale}:messages:${name}`);
}

async function load(locale: Locale, prefix: string) {
  if (loaded.has(`${locale}:${prefix}`)) return;
  const loaders = Object.entries(catalogs.get(prefix) as CatalogLoaders);
  // A catalog in English only (the staff console's) is read in English whatever the language.
  const loader = (l: string) => loaders.find(([path]) => path.endsWith(`/${l}.json`))?.[1];
  const messages = (await (loader(locale) ?? loader('en'))?.()) as Messages | undefined;
  if (!messages) throw new Error(`No texts for "${prefix}"`);
  i18n.load(
    locale,
    prefix ? Object.fromEntries(Object.entries(messages).map(([k, m]) => [`${prefix}.${k}`, m])) : messages,
  );
  loaded.add(`${locale}:${prefix}`);
}

/**
 * Names a catalog the next `setLanguage` loads with the others: the portal's chrome, which the first
 * render needs in the language it starts in (main.tsx), not in English first.
 */
export function registerTexts(prefix: string, loaders: CatalogLoaders) {
  catalogs.set(prefix, loaders);
}

/** The catalogs on their way: a lazily loaded part shows once they are in (lib/lazy.ts). */
const pending = new Set<Promise<unknown>>();

/**
 * Adds a catalog whose keys begin with `prefix`, fetched in the language being read: a module that
 * uses the texts calls this at its top (its `texts.ts`), and the part that loaded it lazily waits for
 * `textsReady()` before it shows. Components that read texts show them again once it is in.
 */
export function loadTexts(prefix: string, loaders: CatalogLoaders): Promise<void> {
  catalogs.set(prefix, loaders);
  return track(Promise.all([...new Set([language, target])].map((locale) => load(locale, prefix))));
}

/** A catalog on its way, waited for by `textsReady`; once in, components read the texts again. */
function track(loading: Promise<unknown>): Promise<void> {
  const done = loading.then(() => {
    version++;
    for (const l of listeners) l();
  });
  pending.add(done);
  void done.finally(() => pending.delete(done)).catch(() => {});
  return done;
}

/** Names a catalog of the domain's messages the next `setLanguage` loads, as `registerTexts` does. */
export function registerMessageTexts(name: string, loaders: CatalogLoaders) {
  messageCatalogs.set(name, loaders);
}

/**
 * Adds a catalog of the domain's messages (`messages-core.zh.json` …), fetched in the language being
 * read, as `loadTexts` does; `tm` reads it.
 */
export function loadMessageTexts(name: string, loaders: CatalogLoaders): Promise<void> {
  messageCatalogs.set(name, loaders);
  return track(Promise.all([...new Set([language, target])].map((locale) => loadMessages(locale, name))));
}

/** Once every catalog asked for so far is in. */
export async function textsReady(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}

/**
 * Reads every text in `locale` from now on: its catalogs are fetched for everything loaded so far,
 * then the pages show it and `<html lang>` names it. A switch asked while another is on its way wins.
 */
export async function setLanguage(locale: Locale) {
  target = LOCALES.includes(locale) ? locale : 'en';
  const wanted = target;
  // The switch shows the choice at once.
  version++;
  for (const l of listeners) l();
  try {
    await Promise.all([
      ...[...catalogs.keys()].map((prefix) => load(wanted, prefix)),
      ...[...messageCatalogs.keys()].map((name) => loadMessages(wanted, name)),
    ]);
  } catch (error) {
    // The pages stay in the language they are in; parts loaded later fetch that one only.
    if (target === wanted) target = language;
    throw error;
  }
  if (target !== wanted) return;
  language = wanted;
  version++;
  i18n.activate(wanted, [LOCALE_TAGS[wanted]]);
  document.documentElement.lang = LOCALE_TAGS[wanted];
  for (const l of listeners) l();
}

/** The language the pages are read in. */
export const currentLanguage = () => language;

/** The language asked for last: the one the pages are switching to, or are in. */
export const chosenLanguage = () => target;

/** Whether the loaded texts have a message `key`. */
export const hasText = (key: string) => key in i18n.messages;

/** The names of the values `key`'s message shows ('amount', 'date'), in plural and select cases too. */
export const argumentsOf = (key: string): string[] => compiledArguments(i18n.messages[key]);

/** `key`'s message with `values`; a key no catalog holds shows `defaultValue`, else itself. */
export function t(key: string, values: Values = {}): string {
  if (!hasText(key)) return values.defaultValue ?? key;
  return i18n._(key, values);
}

/**
 * One of the domain's messages ('Email is required', `BillMessages.paid`, a status label) in the
 * language being read; a text no catalog knows (already translated, or data) stays as it is.
 */
export const tm = (text: string): string =>
  language === 'en' ? text : translateMessage(messages[language] ?? {}, text);

/** The domain's messages in the language being read, as loaded so far; none for English. */
export const messageCatalog = (): MessageCatalog | undefined =>
  language === 'en' ? undefined : messages[language];

/**
 * A domain word ('Home Delivery') in the language being read where a catalog has it whole, and any
 * other text as it is: never matched to a template, so what someone typed is shown as they typed it.
 */
export function tmWhole(text: string): string {
  const catalog = messages[language];
  return language !== 'en' && catalog && Object.hasOwn(catalog, text) ? (catalog[text] as string) : text;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** `t`, and a new render of the component when the language changes. */
export function useTranslation() {
  useSyncExternalStore(subscribe, () => version);
  return { t, language };
}
