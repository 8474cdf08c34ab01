import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { usedMantineStyles } from './mantine-styles.ts';

const version = process.env.APP_VERSION ?? new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/** Writes version.json beside the build; the API reports it so open tabs reload after a deploy. */
function versionFile(): Plugin {
  return {
    name: 'selfcare-version',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

/**
 * Writes a Brotli and a gzip copy beside every text or WebAssembly file of the build, which the API
 * serves to browsers that accept them (@fastify/static `preCompressed`): no compression per request.
 */
function precompressed(): Plugin {
  let outDir = 'dist';
  return {
    name: 'selfcare-precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|wasm|svg|json)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const content = readFileSync(path);
        // Each copy only where it is smaller: a page or entry of a few hundred bytes often still is.
        const brotli = brotliCompressSync(content, {
          params: {
            // The best quality takes seconds on the 1 MB barcode reader, for a tenth smaller.
            [constants.BROTLI_PARAM_QUALITY]: content.length > 512 * 1024 ? 9 : 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
        const gzip = gzipSync(content, { level: 9 });
        if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}

/** In development, every /staff path opens the staff console's page, as the API does in production. */
function staffPages(): Plugin {
  return {
    name: 'selfcare-staff-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/staff(\/|\?|$)/.test(req.url)) req.url = '/staff.html';
        next();
      });
    },
  };
}

/**
 * The domain package's modules only declare things (route tables, zod schemas): none has a side
 * effect, so one that nothing uses is left out. Without this, importing a constant from the package's
 * index brought every schema and zod into the first chunk of every page, used or not.
 */
function domainWithoutSideEffects(): Plugin {
  return {
    name: 'selfcare-domain-without-side-effects',
    transform: {
      filter: { id: /[\\/]packages[\\/]domain[\\/]src[\\/]/ },
      handler: (code) => ({ code, moduleSideEffects: false }),
    },
  };
}

/**
 * The portal's page names the chunks of its app (app/mount.tsx, which its entry imports while the
 * settings and session calls run) as module preloads, so the browser fetches them with the entry
 * instead of after it has run.
 */
function preloadPortalApp(): Plugin {
  return {
    name: 'selfcare-preload-portal-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { chunk, bundle }) {
        if (!bundle || !chunk?.moduleIds.includes(PORTAL_ENTRY)) return;
        const chunks = new Map(
          Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
        );
        const app = [...chunks.values()].find((c) => c.facadeModuleId === PORTAL_APP);
        if (!app) throw new Error('the portal app chunk (app/mount.tsx) is not in the bundle');
        const loaded = new Set([...chunks.keys()].filter((file) => html.includes(`/${file}"`)));
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || loaded.has(file)) return;
          files.add(file);
          for (const i of chunks.get(file)?.imports ?? []) visit(i);
        };
        visit(app.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const SRC = resolve(import.meta.dirname, 'src');
const PORTAL_ENTRY = resolve(SRC, 'main.tsx');
const PORTAL_APP = resolve(SRC, 'app/mount.tsx');
const STAFF_ENTRY = resolve(SRC, 'staff/staff-entry.tsx');
const LIBRARY = /[\\/](node_modules|packages[\\/]domain)[\\/]/;
const FORMS = new RegExp(
  [
    /[\\/]zod[\\/]/,
    /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|Alert)[\\/]/,
    // The small helpers these inputs share with the login page's tabs: chunks of a few hundred bytes
    // each, which cost the page a round trip more than their weight.
    /@mantine[\\/]core[\\/]esm[\\/]core[\\/](DirectionProvider|utils[\\/](create-safe-context|create-scoped-keydown-handler|find-element-ancestor))[\\/]/,
    /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]color-functions[\\/]get-auto-contrast-value[\\/]/,
    /@mantine[\\/]hooks[\\/]esm[\\/]use-force-update[\\/]/,
    /packages[\\/]domain[\\/]src[\\/]schemas[\\/](fields|auth)\.ts$/,
    /src[\\/](lib[\\/]use-zod-form\.ts|components[\\/]ui[\\/]form-error\.tsx|features[\\/]auth[\\/]components[\\/]auth-card\.tsx)$/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/** What every dropdown, menu and select box is built on; the selects' own parts stay apart. */
const POPOVER =
  /([\\/]@floating-ui[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/]((Popover|Portal)[\\/]|Checkbox[\\/]CheckIcon\.mjs$|Radio[\\/]RadioIcon\.mjs$)|@mantine[\\/]hooks[\\/]esm[\\/]use-merged-ref[\\/])/;

/**
 * With the portal's first code: the bundler's runtime and Vite's preload helpers, which every chunk
 * needs, and the domain's access rules, which the first page needs, so the first page's files are few.
 */
const EARLY_EXTRAS =
  /(rolldown[\\/]runtime|modulepreload-polyfill|preload-helper|packages[\\/]domain[\\/]src[\\/]access\.ts$)/;

/** The web app's own modules that `roots` import, statically and through each other. */
function appModules(ctx: Rolldown.ChunkingContext, roots: string[]) {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id) || !id.startsWith(SRC)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Fewer, larger chunks for the first paint:
 * - `early`: what the portal's entry runs first (the settings and session calls, with what they
 *   need of React and the domain), apart from the rest so those calls need not wait for it;
 * - `base`: what both the portal's app and the staff console start on (React DOM, Mantine's core,
 *   TanStack Query, the domain tables, the theme), one large file instead of dozens of small ones;
 * - `forms`: zod and the inputs every form page uses;
 * - `popover`: what the dropdowns (the logged-in menu, select boxes) are built on.
 * The rest splits as Rolldown sees fit: each page stays its own chunk, and the staff console's
 * modules stay out of the portal's chunks.
 */
function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  let graph: { early: Set<string>; portal: Set<string>; staff: Set<string> } | undefined;
  const modules = (ctx: Rolldown.ChunkingContext) => {
    graph ??= {
      early: appModules(ctx, [PORTAL_ENTRY]),
      portal: appModules(ctx, [PORTAL_ENTRY, PORTAL_APP]),
      staff: appModules(ctx, [STAFF_ENTRY]),
    };
    return graph;
  };
  return [
    {
      name: (id, ctx) =>
        !id.endsWith('.css') && ((id !== PORTAL_ENTRY && modules(ctx).early.has(id)) || EARLY_EXTRAS.test(id))
          ? 'early'
          : null,
      priority: 3,
    },
    {
      name: (id, ctx) => {
        // Style sheets stay with the entries that import them: the portal's must not wait for `base`.
        if (id.endsWith('.css')) return null;
        if (LIBRARY.test(id)) return 'base';
        const { portal, staff } = modules(ctx);
        return portal.has(id) && staff.has(id) ? 'base' : null;
      },
      tags: ['$initial'],
      priority: 2,
    },
    { name: 'forms', test: FORMS, priority: 1 },
    { name: 'popover', test: POPOVER, priority: 1 },
  ];
}

export default defineConfig({
  plugins: [
    react(),
    domainWithoutSideEffects(),
    usedMantineStyles(SRC),
    preloadPortalApp(),
    versionFile(),
    staffPages(),
    precompressed(),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // The staff console is a page of its own: customers never download any of it.
    rolldownOptions: {
      input: { main: 'index.html', staff: 'staff.html' },
      output: { codeSplitting: { groups: chunkGroups() } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
});
