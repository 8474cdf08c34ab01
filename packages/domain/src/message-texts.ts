/**
 * The domain's messages in the reader's language (ADR 0055). The spec quotes its messages in
 * English and the domain keeps them so (`Messages`, `BillMessages` …): a catalog per language maps
 * each English message to its translation, keyed by the English itself. A message made from values
 * ('First name is required', 'Please wait 30 seconds …') is keyed by its template ('{field} is
 * required'), and its values are translated too where the catalog has them ('First name').
 */
export type MessageCatalog = Readonly<Record<string, string>>;

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
}

/** A template's English as a pattern that matches a message made from it, and its values' names. */
export function templatePattern(english: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = english
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) {
        names.push(name);
        return '(.+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names };
}

const templatesOf = new WeakMap<MessageCatalog, Template[]>();

/** The catalog's templates, longest first, so that the most specific one is tried first. */
function templates(catalog: MessageCatalog): Template[] {
  let found = templatesOf.get(catalog);
  if (found) return found;
  found = Object.entries(catalog)
    .filter(([english]) => /\{\w+\}/.test(english))
    .sort(([a], [b]) => b.length - a.length)
    .map(([english, translation]) => {
      const { pattern, names } = templatePattern(english);
      return { pattern, names, translation };
    });
  templatesOf.set(catalog, found);
  return found;
}

/**
 * `text` in the catalog's language: its translation when the catalog has it, a template's with the
 * values filled in when one matches, else `text` as it is (a message the catalog does not know, or
 * one already translated). A value the catalog does not have goes through `value` (the API's writes
 * a day written in English in the catalog's language).
 */
export function translateMessage(
  catalog: MessageCatalog,
  text: string,
  value: (english: string) => string = (english) => english,
): string {
  if (Object.hasOwn(catalog, text)) return catalog[text] as string;
  for (const { pattern, names, translation } of templates(catalog)) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
    return translation.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const given = values[name];
      if (given === undefined) return whole;
      return Object.hasOwn(catalog, given) ? (catalog[given] as string) : value(given);
    });
  }
  return text;
}
