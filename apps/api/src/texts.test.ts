import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { compiledArguments, LOCALES } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { defineTexts } from './texts.ts';

/**
 * The server's catalogs kept whole (ADR 0055): each `locales/` folder has the four languages; every
 * language has exactly the keys English has; every message is valid ICU and uses the same arguments
 * as English (a translation cannot drop the amount, nor ask for a value nobody gives); and every key
 * is used by the module's code, so a catalog holds nothing dead.
 */
const src = fileURLToPath(new URL('.', import.meta.url));

function folders(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory() || name === 'node_modules') return [];
    return name === 'locales' ? [path] : folders(path);
  });
}

/** The source files beside a catalog (its module's), tests left out: where its keys must be used. */
function codeOf(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.startsWith('locales'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

const catalogs = folders(join(src, 'modules')).map((dir) => ({
  module: dir.slice(src.length).replace(/\/locales$/, ''),
  dir,
  read: (locale: string) =>
    JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>,
}));

describe("the server's catalogs", () => {
  it('are found', () => {
    expect(catalogs.map((c) => c.module)).toEqual(
      expect.arrayContaining(['modules/notifications', 'modules/billing']),
    );
  });

  for (const { module, dir, read } of catalogs) {
    describe(module, () => {
      const en = read('en');

      it('has every language, each with exactly the keys English has', () => {
        expect(readdirSync(dir).sort()).toEqual(LOCALES.map((l) => `${l}.json`).sort());
        for (const locale of LOCALES)
          expect(Object.keys(read(locale)).sort(), locale).toEqual(Object.keys(en).sort());
      });

      it("has valid ICU messages, each with English's arguments", () => {
        for (const locale of LOCALES) {
          for (const [key, text] of Object.entries(read(locale))) {
            expect(String(text).trim(), `${locale} ${key} is empty`).not.toBe('');
            const args = compiledArguments(compileMessageOrThrow(text));
            expect(args, `${locale} ${key}`).toEqual(
              compiledArguments(compileMessageOrThrow(en[key] as string)),
            );
          }
        }
      });

      it('has no key its module does not use', () => {
        const code = codeOf(join(dir, '..'));
        expect(Object.keys(en).filter((key) => !code.includes(`'${key}'`))).toEqual([]);
      });
    });
  }
});

describe('a text formatted with values', () => {
  const texts = defineTexts(
    { hi: 'Hi {name},' },
    { zh: { hi: '{name}，您好：' }, ms: { hi: 'Hai {name},' }, ta: { hi: 'வணக்கம் {name},' } },
  );

  it('writes each value as it was given, escapes and backslashes included', () => {
    // A name typed with an escape stays those characters: no '<', no line break, no Bcc header.
    expect(texts.t('zh', 'hi', { name: 'Mei\\u003cimg\\x0aBcc' })).toBe('Mei\\u003cimg\\x0aBcc，您好：');
    expect(texts.t('en', 'hi', { name: 'C:\\temp\\new' })).toBe('Hi C:\\temp\\new,');
    expect(texts.t('ta', 'hi', { name: 'Kannan' })).toBe('வணக்கம் Kannan,');
  });
});
