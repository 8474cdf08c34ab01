import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { LOCALE_NAMES, LOCALE_TAGS, type Locale, matchRoute } from '@selfcare/domain';
import pg from 'pg';
import { E2E_DATABASE_URL } from '../playwright.config.ts';
import { pseudo, servePseudoLocale } from './pseudo-locale.ts';
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  isMobile,
  openSettled,
  overflowWidth,
  PASSWORD,
  registeredCustomer,
  SIGNED_IN_PAGES,
  test,
} from './support.ts';

/**
 * The portal in each of its languages (ADR 0055), as a customer whose browser prefers it meets it:
 * /login, the order wizard's first step, /dashboard/local and /bills, each with its `lang` and axe;
 * and every page a customer with lines opens, in Tamil (the longest words) on a 360 px phone; and in a
 * pseudo-locale (pseudo-locale.ts), every page with no text cut and none from outside the catalogs.
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
  for (const path of SIGNED_IN_PAGES) {
    await openSettled(page, path, ta.common?.loading);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta-SG');
    const wide = await overflowWidth(page);
    if (wide > 0) faults.push(`${path} is ${wide}px wider than the screen`);
  }
  expect(faults).toEqual([]);
  await context.close();
});

/**
 * What a page shows that a reader would find cut: the page wider than the screen, or a box that hides
 * the part of its text it has no room for (overflow hidden, clip or an ellipsis). And the words on it
 * the pseudo-locale did not reach, once `data` is taken out: text that comes from no catalog.
 */
function textFaults(data: string[]) {
  const faults: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth)
    faults.push(`${root.scrollWidth - root.clientWidth}px wider than the screen`);
  const name = (el: Element) =>
    `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className.split(' ')[0]}"` : ''}> "${el.textContent?.trim().slice(0, 40)}"`;
  for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    const style = getComputedStyle(el);
    const acrossCut = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
    const belowCut = ['hidden', 'clip'].includes(style.overflowY);
    if ((!acrossCut && !belowCut) || !el.textContent?.trim() || style.visibility === 'hidden') continue;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    if (acrossCut && el.scrollWidth > el.clientWidth + 1) faults.push(`cut at the side: ${name(el)}`);
    else if (belowCut && el.scrollHeight > el.clientHeight + 1) faults.push(`cut at the bottom: ${name(el)}`);
  }
  const english = (text: string) =>
    /[A-Za-z]{4}/.test(data.reduce((rest, value) => rest.split(value).join(' '), text));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (!node.parentElement?.checkVisibility()) continue;
    if (english(text)) faults.push(`not from a catalog: "${text.slice(0, 60)}"`);
  }
  // What a screen reader says, a field shows before it is filled, or a pointer's tip reads.
  for (const el of Array.from(
    document.body.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title], [alt]'),
  )) {
    if (!el.checkVisibility() && !el.closest('[aria-hidden="true"]')?.checkVisibility()) continue;
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
      const text = el.getAttribute(attribute)?.trim();
      if (text && english(text)) faults.push(`${attribute} not from a catalog: "${text.slice(0, 60)}"`);
    }
  }
  return faults;
}

/**
 * What a page shows as it was written, in any language: the operator's name, links and catalog (its
 * plans' and products' names, and their descriptions in Tamil, the language the walk reads), the
 * demo customer's names, email and address, the words the glossary keeps (NRIC, VISA), and the tracking code
 * the courier gave.
 */
async function writtenData(): Promise<string[]> {
  const db = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ text: string }>(
      // The walk reads Tamil: a description staff wrote in Tamil is data; its English is not.
      `SELECT name AS text FROM plans UNION SELECT name FROM products
       UNION SELECT descriptions->>'ta' FROM plans WHERE descriptions ? 'ta'
       UNION SELECT descriptions->>'ta' FROM products WHERE descriptions ? 'ta'`,
    );
    // Longest first, so that a name inside a description does not leave the rest of it behind; an
    // empty or one-letter text would take every letter out of what is checked.
    const catalogue = rows
      .map((r) => r.text.trim())
      .filter((text) => text.length > 1)
      .sort((a, b) => b.length - a.length);
    return [
      ...catalogue,
      'Selfcare Mobile',
      'Facebook',
      'Instagram',
      'YouTube',
      /* The demo customer, their lines' users, and the support address. */
      'active@demo.selfcare.sg',
      'support@selfcare.example.sg',
      'Aaron',
      'Sarah',
      'Samuel',
      'NRIC',
      /* The demo order's address, written as the post writes it. */
      '2 ORCHARD TURN, #04-12 ION ORCHARD, Singapore 238801',
      'VISA',
      'NV-DEMO',
    ];
  } finally {
    await db.end();
  }
}

// At a phone's width, where a longer word has the least room (at 1280 px it found nothing more).
test('every page read in a pseudo-locale 40% longer shows its texts whole on a 360 px phone', async ({
  browser,
  baseURL,
}, info) => {
  test.skip(isMobile(info.project.name), 'the width is set here');
  test.setTimeout(300_000);
  const en = catalog('locales', 'en');
  const data = await writtenData();
  const { context, page } = await openIn(browser, 'ta', { width: 360, height: 780 });
  await servePseudoLocale(context, baseURL as string, 'ta');
  const faults: string[] = [];
  const walk = async (path: string) => {
    await openSettled(page, path, pseudo(en.common?.loading as string));
    for (const fault of await page.evaluate(textFaults, data)) faults.push(`${path}: ${fault}`);
  };
  for (const path of ['/login', '/forgotPassword', '/activeSimOnline']) await walk(path);
  const login = Object.fromEntries(
    Object.entries(en.login ?? {}).flatMap(([k, text]) =>
      typeof text === 'string' ? [[k, pseudo(text)]] : [],
    ),
  );
  await logIn(page, { login }, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  // And one page of each kind a page links to by its id (an order, a line's settings …), as a
  // customer would reach it.
  const linked = new Map<string, string>();
  for (const path of SIGNED_IN_PAGES) {
    await walk(path);
    for (const href of await page
      .locator('a[href^="/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
      const route = matchRoute(href.split(/[?#]/)[0] as string);
      if (route?.path.includes(':') && !('public' in route && route.public) && !linked.has(route.path))
        linked.set(route.path, href);
    }
  }
  expect(linked.size).toBeGreaterThan(0);
  for (const href of linked.values()) await walk(href);
  expect([...new Set(faults)]).toEqual([]);
  await context.close();
});
