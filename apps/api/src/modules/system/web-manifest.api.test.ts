import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The web app manifest a phone installs the portal from is the brand's (ADR 0057). */
let t: TestApp;
let icon: Buffer;
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'brand-icons-'));
  icon = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
  for (const file of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png'])
    await writeFile(join(dir, file), icon);
  t = await createTestApp({
    BRAND_NAME: 'Orchid Mobile',
    BRAND_SHORT_NAME: 'Orchid',
    BRAND_COLOR: '#0b7285',
    BRAND_ICONS_DIR: dir,
    DEFAULT_LANGUAGE: 'zh',
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /manifest.webmanifest', () => {
  it("names the brand, its colour and its own icons, each served from the brand's folder", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toEqual({
      id: '/',
      name: 'Orchid Mobile',
      short_name: 'Orchid',
      lang: 'zh-Hans-SG',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b7285',
      background_color: '#ffffff',
      icons: [
        { src: '/brand-icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/brand-icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/brand-icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    });
    for (const { src } of res.json().icons as { src: string }[]) {
      const file = await t.app.inject({ method: 'GET', url: src });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload).toEqual(icon);
    }
  });

  it("serves nothing else from the brand's folder", async () => {
    for (const url of [
      '/brand-icons/secret.txt',
      '/brand-icons/..%2F..%2Fetc%2Fpasswd',
      '/brand-icons/icon-1024.png',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('a brand colour that is not #rrggbb', () => {
  it('stops the configuration from loading, naming the setting', async () => {
    await expect(createTestApp({ BRAND_COLOR: 'violet' })).rejects.toThrow(/BRAND_COLOR/);
  });
});
