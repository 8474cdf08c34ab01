import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { LOCALE_NAMES, LOCALE_TAGS, type Locale, ROUTES } from '@selfcare/domain';
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  isMobile,
  PASSWORD,
  registeredCustomer,
  test,
} from './support.ts';

/**
 * The portal in each of its languages (ADR 0055), as a customer whose browser prefers it meets it:
 * /login, the order wizard's first step, /dashboard/local and /bills, each with its `lang` and axe;
 * and every page a customer with lines opens, in Tamil (the longest words) on a 360 px phone.
 */
type Catalog = Record<string, Record<string, string>>;
const catalog = (path: string, locale: Locale): Catalog =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../apps/web/src/${path}/${locale}.json`, import.meta.url)),
      'utf8',
    ),
  );

async function openIn(browser: Browser, locale: Locale, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({
    locale: LOCALE_TAGS[locale],
    ...(viewport ? { viewport } : {}),
  });
  return { context, page: await context.newPage() };
}

async function logIn(page: Page, chrome: Catalog, email: string, password: string, open = true) {
  if (open) await page.goto('/login');
  await page.getByRole('textbox', { name: chrome.login?.email, exact: true }).fill(email);
  await page.getByRole('textbox', { name: chrome.login?.password, exact: true }).fill(password);
  await page.getByRole('button', { name: chrome.login?.submit, exact: true }).click();
}

for (const locale of ['zh', 'ms', 'ta'] as const) {
  test(`a customer whose browser reads ${LOCALE_NAMES[locale]} logs in, starts an order, and reads usage and bills in it`, async ({
    browser,
    request,
  }, info) => {
    test.skip(isMobile(info.project.name), 'one width is enough: the Tamil phone walk below covers 360 px');
    const chrome = catalog('locales', locale);
    const order = catalog('features/order/locales', locale);
    const { context, page } = await openIn(browser, locale);

    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale]);
    await expect(page.getByRole('combobox', { name: chrome.language?.label })).toHaveValue(locale);
    await expect(page).toHaveTitle(chrome.routes?.login as string);
    await expectAccessible(page);

    const c = await registeredCustomer(request);
    await logIn(page, chrome, c.email, PASSWORD);
    await expect(page).toHaveURL(/\/getStarted$/);
    await expect(page.getByRole('heading', { name: `1 ${order.steps?.plan}`, exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: chrome.header?.logout, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, chrome, 'active@demo.selfcare.sg', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/local$/);
    await expect(page.getByRole('heading', { level: 1, name: chrome.routes?.local })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale]);
    await expectAccessible(page);

    await page.goto('/bills');
    await expect(page.getByRole('heading', { level: 1, name: chrome.routes?.bills })).toBeVisible();
    await expect(page).toHaveTitle(chrome.routes?.bills as string);
    await expectAccessible(page);
    await context.close();
  });
}

test('a customer who switches to 中文 on /login keeps reading it after logging in, on another browser too', async ({
  browser,
  request,
}, info) => {
  test.skip(isMobile(info.project.name), 'the switch is the same at both widths');
  // A customer of this test's own: the demo customers' language is the other journeys' English.
  const c = await registeredCustomer(request);
  const en = catalog('locales', 'en');
  const zh = catalog('locales', 'zh');
  const step1 = `1 ${catalog('features/order/locales', 'zh').steps?.plan}`;
  const first = await openIn(browser, 'en');
  await first.page.goto('/login');
  await first.page.getByRole('combobox', { name: en.language?.label }).selectOption('zh');
  await expect(first.page.locator('html')).toHaveAttribute('lang', 'zh-Hans-SG');
  const kept = first.page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/language'));
  await logIn(first.page, zh, c.email, PASSWORD, false);
  await expect(first.page.getByRole('heading', { name: step1, exact: true })).toBeVisible();
  expect((await kept).status()).toBe(200);
  await first.context.close();

  // The account kept the choice: a browser reading English opens the portal in Chinese once signed in.
  const second = await openIn(browser, 'en');
  await logIn(second.page, en, c.email, PASSWORD);
  await expect(second.page.getByRole('heading', { name: step1, exact: true })).toBeVisible();
  await expect(second.page.locator('html')).toHaveAttribute('lang', 'zh-Hans-SG');
  await second.context.close();
});

test('every page a customer with lines opens, in Tamil on a 360 px phone, has no horizontal scroll', async ({
  browser,
}, info) => {
  test.skip(isMobile(info.project.name), 'the width is set here');
  test.setTimeout(300_000);
  const ta = catalog('locales', 'ta');
  const { context, page } = await openIn(browser, 'ta', { width: 360, height: 780 });
  await logIn(page, ta, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  const faults: string[] = [];
  const pages = ROUTES.filter((r) => !('public' in r && r.public) && !r.path.includes(':') && r.path !== '/');
  for (const route of pages) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('status', { name: ta.common?.loading, exact: true })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta-SG');
    const wide = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (wide > 0) faults.push(`${route.path} is ${wide}px wider than the screen`);
  }
  expect(faults).toEqual([]);
  await context.close();
});
