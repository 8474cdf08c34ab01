import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';

/**
 * A pseudo-locale (ADR 0055): every text of the pages in accented letters and 40% longer, served in
 * place of one language's catalogs, so that a journey read in it shows which texts are cut, overflow
 * or come from no catalog at all. The built catalogs are rewritten as the browser fetches them: each
 * feature's English, compiled (Lingui's format), turned into the pseudo-locale; the domain's messages,
 * keyed by their English, likewise. Nothing of it is in the product; the build is the one that ships.
 */

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][i] as string,
  ]),
);

/** A text in the pseudo-locale: each word's letters accented, and the word 40% longer. */
export function pseudo(text: string): string {
  return text.replace(/[A-Za-z]+/g, (word) => {
    const accented = [...word].map((c) => ACCENTED[c] ?? c).join('');
    return accented + accented.repeat(2).slice(0, Math.ceil(word.length * 0.4));
  });
}

/** A compiled Lingui message: text, `[name]`, or `[name, format, style or branches]`. */
type Compiled = string | readonly Part[];
type Part = string | readonly [string, string?, (string | Record<string, Compiled>)?];

export function pseudoCompiled(message: Compiled): Compiled {
  if (typeof message === 'string') return pseudo(message);
  return message.map((part) => {
    if (typeof part === 'string') return pseudo(part);
    const [name, format, branches] = part;
    if (branches && typeof branches === 'object') {
      return [
        name,
        format,
        Object.fromEntries(Object.entries(branches).map(([k, m]) => [k, pseudoCompiled(m)])),
      ];
    }
    return part;
  });
}

/** A domain message keyed by its English ("{field} is required"): the words, not the placeholders. */
const pseudoTemplate = (english: string) =>
  english
    .split(/(\{[^}]*\})/)
    .map((piece, i) => (i % 2 ? piece : pseudo(piece)))
    .join('');

type Manifest = Record<string, { file: string }>;

/** A module whose only export is its default, read as the browser would: `export{x as default}`. */
async function defaultExport(code: string): Promise<unknown> {
  const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { default: unknown };
  return module.default;
}

/**
 * Serves the pseudo-locale in place of `locale`'s catalogs to every page of `context`: a browser that
 * reads that language then reads the pseudo-locale. Needs the server at `baseURL`.
 */
export async function servePseudoLocale(context: BrowserContext, baseURL: string, locale: string) {
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url)), 'utf8'),
  ) as Manifest;
  const fetchChunk = async (file: string) => {
    const res = await fetch(new URL(`/${file}`, baseURL));
    if (!res.ok) throw new Error(`${file}: ${res.status}`);
    return res.text();
  };
  const bodies = new Map<string, string>();
  for (const [source, { file }] of Object.entries(manifest)) {
    const page = new RegExp(`^(.*/locales)/${locale}\\.json\\.catalog\\.js$`).exec(source);
    if (page) {
      const english = manifest[`${page[1]}/en.json.catalog.js`];
      if (!english) throw new Error(`${source} has no English beside it`);
      const compiled = (await defaultExport(await fetchChunk(english.file))) as Record<string, Compiled>;
      const rewritten = Object.fromEntries(Object.entries(compiled).map(([k, m]) => [k, pseudoCompiled(m)]));
      bodies.set(`/${file}`, `export default ${JSON.stringify(rewritten)};`);
    } else if (new RegExp(`/messages(-core)?\\.${locale}\\.json$`).test(source)) {
      const translated = (await defaultExport(await fetchChunk(file))) as Record<string, string>;
      const rewritten = Object.fromEntries(Object.keys(translated).map((en) => [en, pseudoTemplate(en)]));
      bodies.set(`/${file}`, `export default ${JSON.stringify(rewritten)};`);
    }
  }
  if (bodies.size < 10)
    throw new Error(`only ${bodies.size} catalogs found for ${locale}: is the web app built?`);
  await context.route(
    (url) => bodies.has(url.pathname),
    (route) =>
      route.fulfill({
        contentType: 'text/javascript; charset=utf-8',
        body: bodies.get(new URL(route.request().url()).pathname) as string,
      }),
  );
}
