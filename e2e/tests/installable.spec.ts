import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, loginWithPassword, test } from './support.ts';

/**
 * The portal a customer keeps on their phone (ADR 0057): it meets the browser's install criteria, and
 * /dashboard/local and /bills open without a network, as they were last read, saying when that was.
 * The other journeys run without the service worker (playwright.config.ts); these run with it.
 */
test.use({ serviceWorkers: 'allow' });
const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
// One after another: the last one deploys a new service worker, which the others' would pick up.
test.describe.configure({ mode: 'serial' });

/**
 * Signs the demo customer in and reopens /dashboard/local once the service worker is in charge: the
 * worker takes the page as it starts, so what the page reads from then on is kept.
 */
async function signInUnderTheWorker(page: Page) {
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Local Usage', level: 1 })).toBeVisible();
}

test('the portal can be installed: its manifest from the brand, its icons, and a service worker in charge', async ({
  playwright,
  baseURL,
}, info) => {
  // A browser profile of its own: Chromium offers no install in a private window, which a test's
  // context is.
  const context = await playwright.chromium.launchPersistentContext(
    await mkdtemp(join(tmpdir(), 'install-')),
    {
      ...info.project.use.launchOptions,
      baseURL: baseURL as string,
    },
  );
  const page = await context.newPage();
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  // What Chromium checks before it offers to install a site (the install criteria Lighthouse read).
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const { errors, data } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data as string) as { icons: { src: string; sizes: string }[] };
  expect(manifest).toMatchObject({
    name: 'Selfcare Mobile',
    short_name: 'Selfcare',
    display: 'standalone',
    start_url: '/',
    theme_color: '#6741d9',
  });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  await context.close();
});

test('a customer reads their usage and bills without a network, as last saved, and nothing is left of them after logging out', async ({
  page,
  context,
}) => {
  await signInUnderTheWorker(page);
  const heading = (name: string) => page.getByRole('heading', { name, level: 1 });
  // Each line's buckets, by their figures ('Data: 9.75 GB left of 20.00 GB').
  const bars = page.getByRole('progressbar', { name: / left of / });
  await expect(bars.first()).toBeVisible();
  const figures = () => bars.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')));
  const usage = await figures();
  await page.goto('/bills');
  await expect(heading('Bills')).toBeVisible();
  const rows = page.getByRole('row');
  // The list, and the newest bill open under it with its total.
  const total = page.getByRole('row', { name: /^Total due/ });
  await expect(total).toBeVisible();
  const bills = await rows.allInnerTexts();

  await context.setOffline(true);
  await page.goto('/dashboard/local');
  await expect(heading('Local Usage')).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(notice).toContainText(/What you see was saved on \d{1,2} \w+ \d{4}, \d{1,2}:\d\d [ap]m\./);
  await expect(bars.first()).toBeVisible();
  expect(await figures()).toEqual(usage);
  await page.goto('/bills');
  await expect(heading('Bills')).toBeVisible();
  await expect(total).toBeVisible();
  expect(await rows.allInnerTexts()).toEqual(bills);
  await expect(notice).toBeVisible();
  // A page that needs the network gets the offline page, which leads to the two that do not.
  await page.goto('/profile/myProfile');
  await expect(heading('You are offline')).toBeVisible();
  await page.getByRole('link', { name: 'Bills', exact: true }).click();
  await expect(heading('Bills')).toBeVisible();

  await context.setOffline(false);
  await page.goto('/dashboard/local');
  await expect(heading('Local Usage')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  // The next person on this device reads none of it, with or without a network.
  await expect.poll(() => page.evaluate(() => caches.has('figures'))).toBe(false);
  await context.setOffline(true);
  await page.goto('/bills');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('row')).toHaveCount(0);
});

/** Writes `text` as the build's file `name`, with the compressed copies the server sends in its place. */
async function deploy(name: string, text: string) {
  const path = join(dist, name);
  await writeFile(path, text);
  await writeFile(`${path}.br`, brotliCompressSync(text));
  await writeFile(`${path}.gz`, gzipSync(text));
}

test('a new version deployed is offered on the open page, and taken when the customer reloads', async ({
  page,
}) => {
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const scriptOf = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  await expect.poll(scriptOf).toMatch(/\/sw\.js$/);
  const update = page.getByRole('status').filter({ hasText: 'A new version of the portal is ready.' });
  await expect(update).toHaveCount(0);

  // A deploy: a new page and a new service worker (each file's copies rewritten, and put back after).
  const before = {
    sw: await readFile(join(dist, 'sw.js'), 'utf8'),
    index: await readFile(join(dist, 'index.html'), 'utf8'),
  };
  const release = `release-${Date.now()}`;
  try {
    await deploy(
      'index.html',
      before.index.replace('<head>', `<head>\n    <meta name="release" content="${release}" />`),
    );
    await deploy('sw.js', `${before.sw}\n// ${release}\n`);
    // The browser looks for a new worker as pages open; the portal also asks every half hour.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect(update).toBeVisible();
    // The page stays as it is until the customer takes the new version.
    await expect(page.getByRole('heading', { name: 'Local Usage', level: 1 })).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await update.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Local Usage', level: 1 })).toBeVisible();
    await expect(update).toHaveCount(0);
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) => !r?.waiting && !!r?.active),
      ),
    ).toBe(true);
    // The deploy's page, at every address, the portal's own included: none comes from the last
    // version's copy.
    for (const path of ['/', '/dashboard/local']) {
      await page.goto(path);
      await expect(page.locator('meta[name="release"]')).toHaveAttribute('content', release);
    }
  } finally {
    await deploy('index.html', before.index);
    await deploy('sw.js', before.sw);
  }
});

test('a customer who logs out without a network stays logged out when it is back', async ({
  page,
  context,
}) => {
  await signInUnderTheWorker(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  // The sign-out reaches the server once the network is back, and the session it ended stays ended.
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/logout'));
  await context.setOffline(false);
  expect((await sent).status()).toBe(200);
  await page.goto('/dashboard/local');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
});
