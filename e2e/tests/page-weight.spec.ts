import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page, TestInfo } from '@playwright/test';
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, type Locale } from '@selfcare/domain';
import { generate } from 'otplib';
import { PAGE_GROUPS, type PageGroup } from './page-weight-budgets.ts';
import { DEMO_PASSWORD, expect, loginWithPassword, PASSWORD, registeredCustomer, test } from './support.ts';

/**
 * Web weight as a browser pays it: every script a page group loads, from its first page until the
 * network is idle (the chunks a page requests on its own after the first render count too), each
 * body gzipped at level 9, against the group's budget (page-weight-budgets.ts). A group is a user's
 * way in: each test starts in a fresh browser context, so nothing comes from a cache another filled.
 * The totals and their files are printed, for CI's log.
 */

/** The login button in each language, from the chrome's catalogs. */
const LOGIN = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    (
      JSON.parse(
        readFileSync(fileURLToPath(new URL(`../../apps/web/src/locales/${l}.json`, import.meta.url)), 'utf8'),
      ) as { login: { submit: string } }
    ).login.submit,
  ]),
) as Record<Locale, string>;

/** After the network is idle, a short wait for anything a page starts on a timer or at idle time. */
const SETTLE_MS = 1000;

interface Script {
  url: string;
  gzipped: number;
}

/** Records every script `page` receives; `total()` waits for their bodies and sums them. */
function watchScripts(page: Page) {
  const bodies = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    const url = res.url();
    const type = res.headers()['content-type'] ?? '';
    const isScript = res.request().resourceType() === 'script' || /javascript/.test(type);
    if (!isScript || bodies.has(url) || res.status() !== 200) return;
    bodies.set(
      url,
      res.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => Number.NaN,
      ),
    );
  });
  return async (): Promise<Script[]> => {
    const scripts = await Promise.all(
      [...bodies].map(async ([url, size]) => ({ url: new URL(url).pathname, gzipped: await size })),
    );
    return scripts.sort((a, b) => b.gzipped - a.gzipped);
  };
}

/** Each chunk's name by its file ('/assets/C933wnWC.js' → 'base'): the build writes chunks by hash alone. */
const chunkNames = new Map(
  Object.values(
    JSON.parse(
      readFileSync(
        fileURLToPath(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url)),
        'utf8',
      ),
    ) as Record<string, { file: string; name?: string }>,
  ).map((c) => [`/${c.file}`, c.name ?? c.file]),
);

/** The network is idle, then nothing more has started for SETTLE_MS. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
  await page.waitForLoadState('networkidle');
}

async function report(group: PageGroup, scripts: Script[], info: TestInfo, locale: Locale = 'en') {
  const budget = PAGE_GROUPS[group].budgetKb;
  expect(scripts.filter((s) => Number.isNaN(s.gzipped)).map((s) => s.url)).toEqual([]);
  const kb = scripts.reduce((sum, s) => sum + s.gzipped, 0) / 1024;
  const lines = scripts.map(
    (s) =>
      `${(s.gzipped / 1024).toFixed(1).padStart(7)} KB  ${s.url}${chunkNames.has(s.url) ? ` (${chunkNames.get(s.url)})` : ''}`,
  );
  const summary = `page weight ${group}${locale === 'en' ? '' : ` (${locale})`}: ${scripts.length} scripts, ${kb.toFixed(1)} KB gzipped (budget ${budget} KB)`;
  console.log(`${summary}\n${lines.join('\n')}`);
  await info.attach(`page-weight-${group}-${locale}`, { body: `${summary}\n${lines.join('\n')}\n` });
  expect(kb, summary).toBeLessThanOrEqual(budget);
}

test.describe('page weight', () => {
  // In each language the browser may prefer: the page fetches its own language's texts only.
  for (const locale of LOCALES) {
    test(`an anonymous visitor opening /login in ${LOCALE_NAMES[locale]}`, async ({ browser }, info) => {
      const context = await browser.newContext({ locale: LOCALE_TAGS[locale] });
      const page = await context.newPage();
      const scripts = watchScripts(page);
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale]);
      await expect(page.getByRole('button', { name: LOGIN[locale], exact: true })).toBeVisible();
      await settle(page);
      await report('login', await scripts(), info, locale);
      await context.close();
    });
  }

  test('a new customer logging in to /getStarted', async ({ page, request }, info) => {
    const c = await registeredCustomer(request);
    const scripts = watchScripts(page);
    await loginWithPassword(page, c.email, PASSWORD);
    await expect(page).toHaveURL(/\/getStarted$/);
    await expect(page.getByRole('heading', { name: '1 Plan Configuration', exact: true })).toBeVisible();
    await settle(page);
    await report('getStarted', await scripts(), info);
  });

  test('an active customer logging in to /dashboard/local', async ({ page }, info) => {
    const scripts = watchScripts(page);
    await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/local$/);
    await expect(page).toHaveTitle('Local Usage');
    await settle(page);
    await report('dashboard', await scripts(), info);
  });

  test('staff signing in at /staff/login and reaching the order queue', async ({
    page,
    staffMember,
  }, info) => {
    const staff = await staffMember('agent');
    const scripts = watchScripts(page);
    await page.goto('/staff/login');
    await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
    await settle(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(staff.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Authenticator code' })
      .fill(await generate({ secret: staff.secret }));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Order queue' })).toBeVisible();
    await settle(page);
    await report('staff', await scripts(), info);
  });
});
