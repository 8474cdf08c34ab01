import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** A catalog as it is written: keys to ICU messages, grouped by nested objects, paragraphs as arrays. */
type Written = { [key: string]: string | Written | readonly string[] };

/** The catalog's messages by dotted key ('login.tabs.otp', 'faq.esim.a.0'). */
export function flatten(node: Written, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(node)) {
    const id = `${prefix}${key}`;
    if (typeof value === 'string') out[id] = value;
    else if (Array.isArray(value)) for (const [i, text] of value.entries()) out[`${id}.${i}`] = text;
    else Object.assign(out, flatten(value as Written, `${id}.`));
  }
  return out;
}

const SUFFIX = '.catalog.js';

/**
 * `import('./locales/zh.json?catalog')`: the catalog's messages compiled by Lingui's compiler when the
 * app is built (ADR 0055), so the browser gets what Lingui's small runtime formats and never the ICU
 * parser. An invalid message fails the build, naming its file and key.
 */
export function catalogs(): Plugin {
  return {
    name: 'selfcare-catalogs',
    enforce: 'pre',
    // A module of its own, not the JSON file: Vite's JSON plugin would read the code as JSON.
    resolveId(source, importer) {
      if (!source.endsWith('.json?catalog')) return null;
      const file = source.slice(0, -'?catalog'.length);
      return `${importer && !file.startsWith('/') ? resolve(dirname(importer), file) : file}${SUFFIX}`;
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      const messages = flatten(JSON.parse(readFileSync(file, 'utf8')) as Written);
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, text]) => {
          try {
            return [key, compileMessageOrThrow(text)];
          } catch (error) {
            throw new Error(`${file}: "${key}" is not a valid ICU message: ${(error as Error).message}`);
          }
        }),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
