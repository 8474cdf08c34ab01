import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
        if (content.length < 1024) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: {
              // The best quality takes seconds on the 1 MB barcode reader, for a tenth smaller.
              [constants.BROTLI_PARAM_QUALITY]: content.length > 512 * 1024 ? 9 : 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
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

export default defineConfig({
  plugins: [react(), versionFile(), staffPages(), precompressed()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // The staff console is a page of its own: customers never download any of it.
    rollupOptions: { input: { main: 'index.html', staff: 'staff.html' } },
  },
  server: {
    port: 5173,
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
});
