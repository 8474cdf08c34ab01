import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { LOCALE_TAGS, type Locale } from '@selfcare/domain';
import type { FastifyPluginAsync } from 'fastify';

/** The brand's settings the installed portal shows (ADR 0057). */
export interface WebAppBrand {
  name: string;
  shortName: string;
  color: string;
  /** A folder of the brand's own icons; the web build's when unset. */
  iconsDir: string | undefined;
  defaultLanguage: Locale;
}

/** The icons an installed portal needs: a phone's launcher (192), its splash screen (512), and one safe to crop to any shape. */
const ICONS = [
  { file: 'icon-192.png', sizes: '192x192', purpose: 'any' },
  { file: 'icon-512.png', sizes: '512x512', purpose: 'any' },
  { file: 'icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
] as const;

/** Where the brand's own icons are served from, apart from the build's /icons/. */
const BRAND_ICONS = '/brand-icons/';

/** The web app manifest: what a phone installs the portal as, from the brand's settings. */
export function webAppManifest(brand: WebAppBrand) {
  const base = brand.iconsDir ? BRAND_ICONS : '/icons/';
  return {
    id: '/',
    name: brand.name,
    short_name: brand.shortName,
    lang: LOCALE_TAGS[brand.defaultLanguage],
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.color,
    background_color: '#ffffff',
    icons: ICONS.map((i) => ({
      src: `${base}${i.file}`,
      sizes: i.sizes,
      type: 'image/png',
      purpose: i.purpose,
    })),
  };
}

/** GET /manifest.webmanifest, and the brand's own icons when it has them. */
export const webManifestRoutes: FastifyPluginAsync<{ brand: WebAppBrand }> = async (app, { brand }) => {
  const manifest = JSON.stringify(webAppManifest(brand));
  app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('content-type', 'application/manifest+json')
      .header('cache-control', 'no-cache')
      .send(manifest),
  );
  const dir = brand.iconsDir;
  if (!dir) return;
  const files = new Map(
    ICONS.map((i): [string, string] => [i.file, resolve(join(dir, i.file))]).filter(([, path]) =>
      existsSync(path),
    ),
  );
  if (files.size < ICONS.length)
    app.log.warn(
      { dir, found: [...files.keys()] },
      'BRAND_ICONS_DIR lacks some of the icons; the manifest names them all',
    );
  app.get<{ Params: { file: string } }>(
    `${BRAND_ICONS}:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const path = files.get(request.params.file);
      if (!path) return reply.status(404).send();
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(await readFile(path));
    },
  );
};
