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
  plugins: [react(), versionFile(), staffPages()],
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
