import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { ROUTES, type StaffRole } from '@selfcare/domain';
import axe from 'axe-core';
import { generate } from 'otplib';
import { SANDBOX_URL } from '../playwright.config.ts';
import { type StaffMember, staffDatabase } from './staff-members.ts';

export { expect };

/**
 * Collects Content-Security-Policy violations a page reports; the returned check fails on any. A
 * blocked script, style or WebAssembly module shows up here before it shows up to a customer.
 */
export function watchCsp(page: Page): () => void {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy/i.test(m.text())) violations.push(m.text());
  });
  return () => expect(violations).toEqual([]);
}

/**
 * Every journey also checks that the page ran under the API's Content-Security-Policy.
 * `staffMember(role)` gives the test a staff member of its own (tests/staff-members.ts).
 */
export const test = base.extend<
  { cspGuard: undefined; staffMember: (role: StaffRole) => Promise<StaffMember> },
  { staffDb: ReturnType<typeof staffDatabase> }
>({
  cspGuard: [
    async ({ page }, use) => {
      const check = watchCsp(page);
      await use(undefined);
      check();
    },
    { auto: true },
  ],
  staffDb: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const db = staffDatabase();
      await use(db);
      await db.close();
    },
    { scope: 'worker' },
  ],
  staffMember: async ({ staffDb }, use, info) => {
    await use((role) => staffDb.create(role, info.parallelIndex));
  },
});

/**
 * A day as every page writes it (ADR 0036), for a regular expression: '25 November 2026', the month in
 * full ('Nov' or 'Sept' does not match). `new RegExp(`^Ends on ${DAY}$`)`.
 */
export const DAY = String.raw`\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}`;

export const DEMO_PASSWORD = 'Selfcare#2026';
export const PASSWORD = 'Orchid#Road88';

export interface InboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
}

/** Waits until the sandbox has received a message for `to` that `match` accepts. */
export async function waitForMessage(
  request: APIRequestContext,
  to: string,
  match: (m: InboxMessage) => boolean = () => true,
) {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${SANDBOX_URL}/inbox/api/messages?to=${encodeURIComponent(to)}`);
        found = ((await res.json()) as InboxMessage[]).find(match);
        return !!found;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as InboxMessage;
}

export const linkIn = (text: string, path: string) => {
  const m = new RegExp(`https?://[^\\s]+${path}/[A-Za-z0-9_-]+`).exec(text);
  if (!m) throw new Error(`no ${path} link in ${text}`);
  return new URL(m[0]).pathname;
};

export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] as string;

/** The start of a PNG: enough for the ID upload's content check. */
export const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);

/** A valid NRIC that no other run uses (ID numbers are unique among customers). */
export function freshNric(): string {
  const digits = String((Date.now() * 7 + Math.floor(Math.random() * 1000)) % 10_000_000).padStart(7, '0');
  const weights = [2, 7, 6, 5, 4, 3, 2];
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (weights[i] as number), 0);
  return `S${digits}${'JZIHGFEDCBA'[sum % 11]}`;
}

/** A customer nobody else uses: unique email and mobile number. */
export function newCustomer() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const phone = `8${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  return { firstName: 'Mei Ling', lastName: 'Tan', email: `mei-${id}@example.com`, phoneNumber: phone };
}

/** Registers and confirms a customer through the API, as a returning customer would have done. */
export async function registeredCustomer(request: APIRequestContext) {
  const c = newCustomer();
  const res = await request.post('/api/v1/auth/register', {
    data: { ...c, confirmEmail: c.email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  expect(res.status()).toBe(201);
  const mail = await waitForMessage(request, c.email);
  const token = linkIn(mail.text, '/confirmEmail').split('/').pop();
  expect((await request.post('/api/v1/auth/activeAccount', { data: { token } })).status()).toBe(200);
  return c;
}

export async function loginWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Types a one-time code into the six digit boxes, replacing what was there. */
export async function typeCode(page: Page, code: string) {
  for (let i = 0; i < code.length; i++) {
    await page.getByRole('textbox', { name: `Digit ${i + 1} of ${code.length}` }).fill(code[i] as string);
  }
}

/**
 * axe must find no serious or critical violation. Toasts are left out: one fading in or out when axe
 * runs is measured at part opacity, so whether it "fails" contrast depends on the moment, not on its
 * colours (black on white, as every other surface). For the same reason axe waits (up to 3 s) for
 * transitions to end, such as a menu fading out after its item was clicked; endless ones (a loader)
 * do not count.
 */
export async function expectAccessible(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 3_000 },
    )
    .catch(() => {});
  const results = await runAxe(page, { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * Runs axe-core in the page on the rules asked for, toasts left out (see expectAccessible). axe is
 * loaded into a document once, by the DevTools protocol as scripts a test evaluates, so the page's
 * Content-Security-Policy is not relaxed for it. The portal has no frames, so axe runs on the page
 * itself: @axe-core/playwright's way (axe again in every frame and a blank page opened to put the
 * results together) took 3-6 s a check on a loaded 2-core machine, this takes under 1 s.
 */
export async function runAxe(page: Page, runOnly: axe.RunOnly): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (only) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        { exclude: [['.mantine-Notifications-root']] },
        { runOnly: only },
      ),
    runOnly,
  );
}

export const isMobile = (projectName: string) => projectName === 'mobile';

/** Every page a signed-in customer opens by a path of its own (none with an id in it): the walks' list. */
export const SIGNED_IN_PAGES = ROUTES.filter(
  (r) => !('public' in r && r.public) && !r.path.includes(':') && r.path !== '/',
).map((r) => r.path);

/**
 * Opens `path` and waits until it shows: its heading (its own, or the one saying the account may not
 * open it), and no loader named `loading` (the word in the language the page is read in).
 */
export async function openSettled(page: Page, path: string, loading = 'Loading') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: loading, exact: true })).toHaveCount(0);
}

/** How many pixels the page is wider than the screen (0 when it fits). */
export const overflowWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The order wizard: its Next button, a step heading, and a choice in one of its select boxes. */
export const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
export const heading = (page: Page, name: string) =>
  expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
/**
 * Step 2 of the order wizard: picks one of the page's new numbers at random and goes on to step 3.
 * Other journeys pick from the same pool at the same time, so the number may be held by one of them
 * first: the wizard refuses it with its message, and another is picked, as a customer would.
 * `picked` runs after each pick, before Next (a check of the page as it then is).
 */
export async function pickNumberAndGoOn(page: Page, picked: () => Promise<void> = async () => {}) {
  const numbers = page.getByRole('radiogroup', { name: 'Available numbers' });
  await expect(numbers.getByRole('radio').first()).toBeVisible();
  for (let attempt = 0; attempt < 5; attempt++) {
    const pick = numbers
      .getByRole('radio')
      .nth(Math.floor(Math.random() * (await numbers.getByRole('radio').count())));
    await pick.check();
    const chosen = (await pick.getAttribute('value')) as string;
    await picked();
    const [saved] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/api/v1/orders/draft/numbers') && r.request().method() === 'PUT',
      ),
      next(page),
    ]);
    if (saved.ok()) {
      await heading(page, '3 Account Information');
      return chosen;
    }
    await expect(page.getByText('This number is no longer available. Please choose another.')).toBeVisible();
  }
  throw new Error('Five numbers in a row were held by other journeys first');
}
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** In MockPass: sign in to Singpass as `nric`, then allow (or deny) MyInfo sharing the details. */
export async function signInWithSingpass(page: Page, nric: string, decision: 'Allow' | 'Deny' = 'Allow') {
  await expect(page).toHaveTitle('MockPass Login');
  // Its scripts reset the sign-in fields as they start: wait for them before typing.
  await page.waitForLoadState('load');
  // Its Login button (one per layout) opens the sign-in panel, where any person may be named.
  await page.locator('#loginModelbtn:visible').click();
  const nricField = page.locator('#nric');
  await expect(async () => {
    await nricField.fill(nric);
    await expect(nricField).toHaveValue(nric, { timeout: 500 });
  }).toPass();
  await page.locator('form:has(#nric) button[type="submit"]').click();
  await expect(page.getByText(`Disclose the following details of ${nric}`)).toBeVisible();
  await page.getByRole('radio', { name: decision }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
}

/**
 * Signs `who` in to the staff console on `page`, as staff do: email, password and the current code of
 * their authenticator (the member is the test's own, so that code is unused). The console keeps its
 * own session, so a page of the customer's browser can be used beside the customer's.
 */
export async function staffSignIn(page: Page, who: StaffMember) {
  await page.goto('/staff/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page
    .getByRole('textbox', { name: 'Authenticator code' })
    .fill(await generate({ secret: who.secret }));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Order queue' })).toBeVisible();
}

/**
 * Whether `el` is drawn whole: inside the window, inside its table cell, and not cut off by any box
 * that clips or scrolls what overflows it.
 */
export async function expectWhole(el: Locator, what: string) {
  const cut = await el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const faults: string[] = [];
    if (r.width === 0) faults.push('not drawn');
    if (r.left < 0 || r.right > document.documentElement.clientWidth) faults.push('outside the window');
    if (node.scrollWidth > node.clientWidth + 1) faults.push('wider than its box');
    for (let a = node.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      const b = a.getBoundingClientRect();
      const clips = s.overflowX !== 'visible' || a.matches('td, th');
      if (clips && (r.left < b.left - 1 || r.right > b.right + 1))
        faults.push(`cut off by <${a.tagName.toLowerCase()}>`);
      if (s.overflowX !== 'visible' && a.scrollWidth > a.clientWidth + 1)
        faults.push('in a box that scrolls sideways');
    }
    return faults;
  });
  expect(cut, what).toEqual([]);
}
