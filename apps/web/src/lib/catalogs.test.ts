import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import {
  compiledArguments,
  DEFAULT_TITLE,
  LOCALES,
  MENU_TEXTS,
  ROUTES,
  type RouteDef,
} from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { flatten } from '../../catalog-plugin.ts';

/**
 * The pages' catalogs kept whole (ADR 0055): every customer catalog has the four languages, each
 * with exactly English's keys; every message is valid ICU with English's arguments; every key is
 * used by the code. The staff console's catalog is English only.
 */
const src = join(import.meta.dirname, '..');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' });
const code = files.filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));

/** Each catalog: its folder and the prefix its keys take, from the `loadTexts` call that loads it. */
const catalogs = code.flatMap((file) => {
  const text = readFileSync(join(src, file), 'utf8');
  return [...text.matchAll(/loadTexts\('(\w+)', import\.meta\.glob\('\.\/(.+)\/\*\.json'/g)].map(
    ([, prefix, folder]) => ({ prefix: prefix as string, dir: join(src, dirname(file), folder as string) }),
  );
});
catalogs.push({ prefix: '', dir: join(src, 'locales') });

const read = (dir: string, locale: string) =>
  flatten(JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')));

/**
 * The keys the code names: whole ('bills.due'), or the start of one built from a value
 * (`help.faq.${id}.q` gives 'help.faq.'), in a `t(…)` call or as a string handed to one.
 */
const source = code.map((f) => readFileSync(join(src, f), 'utf8')).join('\n');
const named = new Set([...source.matchAll(/'([a-zA-Z]+(?:\.[\w-]+)+)'/g)].map((m) => m[1]));
const built = [...source.matchAll(/`([a-zA-Z]+\.[\w.]*)\$\{/g)].map((m) => m[1] as string);
const used = (key: string) => named.has(key) || built.some((start) => key.startsWith(start));

describe("the pages' catalogs", () => {
  it("say the spec's page titles and the menu's words in English, every one of them", () => {
    const chrome = JSON.parse(readFileSync(join(src, 'locales/en.json'), 'utf8'));
    expect(chrome.routes).toEqual({
      default: DEFAULT_TITLE,
      ...Object.fromEntries(ROUTES.flatMap((r: RouteDef) => (r.title ? [[r.name, r.title]] : []))),
    });
    expect(JSON.parse(readFileSync(join(src, 'lib/menu/locales/en.json'), 'utf8'))).toEqual(
      MENU_TEXTS.descriptions,
    );
    expect(chrome.menuTitles).toEqual(MENU_TEXTS.titles);
  });

  it('are found, the chrome and every feature', () => {
    expect(catalogs.map((c) => c.prefix)).toEqual(
      expect.arrayContaining(['', 'bills', 'order', 'help', 'usage', 'address']),
    );
  });

  for (const { prefix, dir } of catalogs) {
    const en = read(dir, 'en');
    const staff = prefix === 'staff';
    const locales = staff ? (['en'] as const) : LOCALES;

    describe(prefix || 'chrome', () => {
      it(staff ? 'is English only' : 'has every language, each with exactly the keys English has', () => {
        const present = readdirSync(dir).filter((f) => f.endsWith('.json'));
        expect(present.sort()).toEqual(locales.map((l) => `${l}.json`).sort());
        for (const locale of locales)
          expect(Object.keys(read(dir, locale)).sort(), locale).toEqual(Object.keys(en).sort());
      });

      it("has valid ICU messages, each with English's arguments", () => {
        for (const locale of locales) {
          for (const [key, text] of Object.entries(read(dir, locale))) {
            expect(text.trim(), `${locale} ${key} is empty`).not.toBe('');
            const compiled = compileMessageOrThrow(text);
            expect(compiledArguments(compiled), `${locale} ${key}`).toEqual(
              compiledArguments(compileMessageOrThrow(en[key] as string)),
            );
          }
        }
      });

      it('holds no key the code does not use', () => {
        const unused = Object.keys(en)
          .map((key) => (prefix ? `${prefix}.${key}` : key))
          .filter((key) => !used(key));
        expect(unused.join(', ')).toBe('');
      });
    });
  }
});
