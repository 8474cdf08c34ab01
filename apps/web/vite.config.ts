import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogs } from './catalog-plugin.ts';

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
      for (const fileName of Object.keys(bundle)) compress(fileName);
    },
    // The service worker is built after the bundle is written (vite-plugin-pwa).
    closeBundle: {
      order: 'post',
      handler: () => compress('sw.js'),
    },
  };
  function compress(fileName: string) {
    if (!/\.(js|css|html|wasm|svg|json)$/.test(fileName)) return;
    const path = join(outDir, fileName);
    if (!existsSync(path)) return;
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

const SRC = resolve(import.meta.dirname, 'src');
const ENTRIES = [resolve(SRC, 'main.tsx'), resolve(SRC, 'staff/staff-entry.tsx')];
const LIBRARY = /[\\/](node_modules|packages[\\/]domain)[\\/]/;
/** TanStack Query and the one client: the staff console starts on them, a customer's page loads them beside it. */
const QUERY =
  /[\\/](@tanstack[\\/](query-core|react-query)[\\/]|src[\\/]lib[\\/](query-client|query-provider)\.ts$)/;
const FORMS =
  /[\\/](zod[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|Alert)[\\/]|src[\\/]lib[\\/]use-zod-form\.ts$|src[\\/]components[\\/]ui[\\/](form-error|password-input)\.tsx$|packages[\\/]domain[\\/]src[\\/]schemas[\\/](fields|auth)\.ts$)/;

const MANTINE_HELPERS =
  /[\\/]@mantine[\\/](core[\\/]esm[\\/]core[\\/].*[\\/](DirectionProvider|create-safe-context|get-auto-contrast-value|create-scoped-keydown-handler)|hooks[\\/]esm[\\/]use-force-update[\\/])/;

/** The modules each entry imports statically, the portal's first: its own, the domain's and the libraries'. */
function reachedByEntries(ctx: Rolldown.ChunkingContext) {
  return ENTRIES.map((entry) => {
    const seen = new Set<string>();
    const stack = [entry];
    while (stack.length) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  });
}

/**
 * Fewer, larger chunks for the first paint. `base`: what both the portal and the staff console start
 * on (React, Mantine's core, TanStack Query, the domain tables, the shared client and theme), so a
 * first visit fetches one large file instead of dozens of small ones; what only the console starts on
 * (its route table) stays in its own chunks. `query`: TanStack Query, in one file, which the console
 * starts on and a customer's page fetches beside it (the pages before signing in never do). `forms`: zod and the inputs
 * every form page uses, fetched beside the first form page. The rest splits as Rolldown sees fit:
 * each page stays its own chunk, and the staff console's pages stay out of customers' chunks.
 */
function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  let reached: Set<string>[] | undefined;
  return [
    {
      name: (id, ctx) => {
        reached ??= reachedByEntries(ctx);
        const [portal, staff] = reached;
        if (LIBRARY.test(id) || id.startsWith('\0'))
          return staff?.has(id) && !portal?.has(id) ? null : 'base';
        return portal?.has(id) && staff?.has(id) ? 'base' : null;
      },
      tags: ['$initial'],
      priority: 2,
    },
    // Mantine's own helpers (its providers' hooks, contexts, colour functions): each page's
    // components share a few hundred bytes of them, which would otherwise be as many tiny files.
    { name: 'base', test: MANTINE_HELPERS, priority: 2 },
    { name: 'forms', test: FORMS, priority: 1 },
    { name: 'query', test: QUERY, priority: 1 },
  ];
}

/** The files `index.html` names (its entry script, the scripts it preloads, its styles): the app shell. */
function shellFiles(outDir: string): Set<string> {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  return new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] as string));
}

/**
 * The service worker (ADR 0057): sw/sw.ts, built with Workbox's modules, given the list of the app
 * shell's files to keep at install. The manifest comes from the API (the brand's settings), and the
 * portal registers the worker itself (lib/service-worker.ts): workbox-window would cost /login 2.5 KB.
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['index.html', 'offline.html', 'icons/*.png', 'assets/*.{js,css}'],
      // Named by their content's hash: no revision needed to tell one version from the next.
      dontCacheBustURLsMatching: /^assets\//,
      // Of the build's scripts, the shell's only: each page's own is kept when it is first opened.
      manifestTransforms: [
        async (entries) => {
          const shell = shellFiles(resolve(import.meta.dirname, 'dist'));
          return {
            manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)),
            warnings: [],
          };
        },
      ],
    },
  });

export default defineConfig({
  plugins: [
    react(),
    catalogs(),
    domainWithoutSideEffects(),
    versionFile(),
    staffPages(),
    serviceWorker(),
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
      // A chunk's file is its hash alone: the route table's preload map names every chunk, and the
      // names cost /login 1 KB gzipped (the manifest keeps each chunk's name for the size check).
      output: { codeSplitting: { groups: chunkGroups() }, chunkFileNames: 'assets/[hash].js' },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
});
