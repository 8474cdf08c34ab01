import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
/** @mantine/core's folder (its main file is cjs/index.cjs). */
const CORE = dirname(dirname(require.resolve('@mantine/core')));
const STYLES = join(CORE, 'styles.css');
/** The sheets every page needs, whatever components it shows. */
const ALWAYS = new Set(['baseline', 'default-css-variables', 'global']);

const IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']@mantine\/(core|notifications)["']/g;
const RELATIVE = /from\s*"(\.{1,2}\/[^"]+)"/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Names `code` imports from @mantine/core, and whether it imports @mantine/notifications. */
function mantineImports(code: string) {
  const core = new Set<string>();
  let notifications = false;
  for (const [, names = '', pkg] of code.matchAll(IMPORT)) {
    if (pkg === 'notifications') notifications = true;
    else
      for (const n of names.split(','))
        core.add(
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
        );
  }
  return { core, notifications };
}

/**
 * The names of the components (and shared inputs) whose styles the app can show: those its source
 * imports from @mantine/core or that @mantine/notifications does, and every component they use.
 */
export function usedMantineComponents(src: string): Set<string> {
  const names = new Set<string>();
  let notifications = false;
  for (const file of sourceFiles(src)) {
    const found = mantineImports(readFileSync(file, 'utf8'));
    for (const n of found.core) names.add(n);
    notifications ||= found.notifications;
  }
  if (notifications) {
    const dir = join(dirname(dirname(require.resolve('@mantine/notifications'))), 'esm');
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.mjs')) continue;
      const code = readFileSync(join(dir, file), 'utf8');
      for (const [, list = ''] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g)) {
        for (const n of list.split(',')) names.add(n.trim());
      }
    }
  }
  // Where the index takes each name from, then everything those modules import in turn.
  const esm = join(CORE, 'esm');
  const index = readFileSync(join(esm, 'index.mjs'), 'utf8');
  const stack: string[] = [];
  for (const [, list = '', from = ''] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    if (list.split(',').some((n) => names.has(n.trim()))) stack.push(resolve(esm, from));
  }
  const seen = new Set<string>();
  const components = new Set<string>();
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    // components/Radio/RadioCard/RadioCard.mjs: the Radio and RadioCard sheets.
    const [kind, name, part] = relative(esm, file).split(/[\\/]/);
    if ((kind === 'components' || kind === 'utils') && name) components.add(name);
    if (kind === 'components' && part && !part.endsWith('.mjs')) components.add(part);
    for (const [, from = ''] of readFileSync(file, 'utf8').matchAll(RELATIVE)) {
      stack.push(resolve(dirname(file), from));
    }
  }
  return components;
}

/**
 * Mantine's style sheet with only the sections of the components the app uses, in the sheet's own
 * order: about half of it, and the part every first page waits for before it paints.
 */
export function mantineStyles(src: string): string {
  const full = readFileSync(STYLES, 'utf8');
  const used = usedMantineComponents(src);
  const dir = join(CORE, 'styles');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
    .map((f) => ({ name: f.slice(0, -4), css: readFileSync(join(dir, f), 'utf8').trim() }))
    .filter(({ name }) => ALWAYS.has(name) || used.has(name))
    .map((s) => ({ ...s, at: full.indexOf(s.css) }))
    .sort((a, b) => a.at - b.at)
    .map((s) => s.css)
    .join('\n');
}

/** In the build, `@mantine/core/styles.css` holds only what mantineStyles keeps. */
export function usedMantineStyles(src: string): Plugin {
  return {
    name: 'selfcare-used-mantine-styles',
    apply: 'build',
    load(id) {
      if (id.split('?')[0] === STYLES) return mantineStyles(src);
    },
  };
}
