import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support.ts';

const assets = fileURLToPath(new URL('../../apps/web/dist/assets', import.meta.url));

test('the web app is served compressed, its hashed files cached for good and its page never', async ({
  request,
}) => {
  const page = await request.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(await page.text())?.[1] as string;
  expect(script).toMatch(/^\/assets\//);

  const brotli = await request.get(script, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(brotli.headers()['cache-control']).toContain('immutable');
  expect(brotli.headers().vary).toMatch(/accept-encoding/i);
  const gzip = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get(script, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  // Every form decodes to the same script.
  expect(await brotli.text()).toBe(await plain.text());
  expect(await gzip.text()).toBe(await plain.text());

  // The barcode reader's WebAssembly (1 MB) travels as about a third of that.
  const wasm = readdirSync(assets).find((f) => f.endsWith('.wasm')) as string;
  const reader = await request.get(`/assets/${wasm}`, { headers: { 'accept-encoding': 'br' } });
  expect(reader.headers()['content-type']).toBe('application/wasm');
  expect(reader.headers()['content-encoding']).toBe('br');
  expect(Number(reader.headers()['content-length'])).toBeLessThan(450_000);

  // A file no build has is missing, not the page: a browser would keep the page as the script.
  const missing = await request.get('/assets/Zz9-not-a-chunk.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type'] ?? '').not.toContain('text/html');
});
