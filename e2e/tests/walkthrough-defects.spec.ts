import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatBillMonth, formatSgDay } from '@selfcare/domain';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { billedCustomer } from './billed-customer.ts';
import { monthHasUse } from './live-line.ts';
import { placedOrder, staffApi } from './placed-order.ts';
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectWhole,
  isMobile,
  linkIn,
  loginWithPassword,
  PASSWORD,
  runAxe,
  staffSignIn,
  test,
  waitForMessage,
} from './support.ts';

/**
 * The defects a walk-through of the customer portal and the staff console found, walked into again
 * (the tables at a phone's width as well). Each sign-in is by a staff member of the test's own
 * (support.ts `staffMember`).
 */
/** A demo stock SIM nobody else's journey uses. */
const SIM = 110;
const iccidOf = (n: number) => withLuhnDigit(`896501261122${String(n).padStart(6, '0')}`);
const imsiOf = (n: number) => `525012611${String(n).padStart(6, '0')}`;

/** Opens an order from the queue by its number. */
async function openOrder(page: Page, orderNumber: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(orderNumber);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
}

/** WCAG contrast ratio of a control's text against the colour behind it. */
function contrastOf(button: Locator) {
  return button.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const behind = (node: Element | null): number[] => {
      for (let n = node; n; n = n.parentElement) {
        const c = rgb(getComputedStyle(n).backgroundColor);
        if (c.length === 3 || (c[3] ?? 0) > 0) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const lum = ([r, g, b]: number[]) =>
      [r, g, b]
        .map((v) => (v ?? 0) / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
    const label = el.querySelector('.mantine-Button-label') ?? el;
    const fg = lum(rgb(getComputedStyle(label).color).slice(0, 3));
    const bg = lum(behind(el));
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  });
}

/** The customer's order page and My Account, once the MVNE has the order: what the status means. */
async function expectCustomerStatusWords(page: Page, orderNumber: string) {
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(row.getByText(/^Paid, being (prepared|checked)$/)).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('MVNE');
}

test('the login page names its brand link by what it shows', async ({ page }) => {
  await page.goto('/login');
  const brand = page.getByRole('banner').getByRole('link').first();
  await expect(brand).toHaveText('Selfcare Mobile');
  await expect(brand).toHaveAccessibleName('Selfcare Mobile home');
  // An experimental rule, so not among expectAccessible's tags: asked for by name.
  const mismatch = await runAxe(page, { type: 'rule', values: ['label-content-name-mismatch'] });
  expect(mismatch.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  expect(mismatch.passes.map((r) => r.id)).toEqual(['label-content-name-mismatch']);
  await expectAccessible(page);
});

test('a rejected customer reads the reason and the refund; the reject button is readable; status words are the customer’s', async ({
  page,
  request,
  staffMember,
}) => {
  test.setTimeout(180_000);
  const staff = await staffMember('supervisor');
  const { customer, order } = await placedOrder(request);

  // The customer reads what the status means, not our dealings with the MVNE (defect 9).
  await loginWithPassword(page, customer.email, PASSWORD);
  await expect(page).toHaveURL(/\/myAccount$/);
  await expectCustomerStatusWords(page, order.orderNumber);
  await expectAccessible(page);
  await page.goto('/manage/orders');
  await expectCustomerStatusWords(page, order.orderNumber);
  await expectAccessible(page);

  // A supervisor sees Reject order and Cancel order with readable labels (defect 2). The
  // console keeps its own session beside the customer's in the same browser.
  const desk = page;
  await staffSignIn(desk, staff);
  await openOrder(desk, order.orderNumber);
  const reject = desk.getByRole('button', { name: 'Reject order', exact: true });
  const cancel = desk.getByRole('button', { name: 'Cancel order', exact: true });
  await expect(reject).toBeVisible();
  for (const button of [reject, cancel]) expect(await contrastOf(button)).toBeGreaterThanOrEqual(4.5);
  await expectAccessible(desk);
  await reject.click();
  expect(await contrastOf(reject)).toBeGreaterThanOrEqual(4.5);
  await desk.getByRole('textbox', { name: 'Reason' }).fill('The name on the ID does not match the order');
  await expectAccessible(desk);
  await desk.getByRole('button', { name: 'Confirm: Reject order' }).click();
  await expect(desk.getByRole('alert').filter({ hasText: 'Reject order successfully' })).toBeVisible();
  await expect(desk.locator('.mantine-Badge-root', { hasText: /^Rejected$/ })).toBeVisible();

  // The email links to the order, which the customer, back at status 0, may open (defect 3).
  const mail = await waitForMessage(
    request,
    customer.email,
    (m) => m.subject?.includes('not approved') ?? false,
  );
  const link = linkIn(mail.text, '/manage/orders');
  expect(link).toBe(`/manage/orders/${order.id}`);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}`, exact: true })).toBeVisible();
  const notice = page.getByRole('region', { name: `Your order ${order.orderNumber} was not approved` });
  await expect(notice).toContainText('Reason: The name on the ID does not match the order');
  await expect(async () => {
    await page.reload();
    await expect(notice).toContainText(/Refund: \$\d+\.\d{2}, refunded to your card/, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Not approved', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Home is the wizard again, which now says what happened and links to the order.
  await page.goto('/');
  await expect(page).toHaveURL(/\/getStarted$/);
  const above = page.getByRole('region', { name: `Your order ${order.orderNumber} was not approved` });
  await expect(above).toContainText('The name on the ID does not match the order');
  await expectAccessible(page);
  await above.getByRole('link', { name: 'See why, and your refund' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/orders/${order.id}$`));

  await page.goto('/myAccount');
  await expect(page).toHaveURL(/\/myAccount$/);
  await expect(page.getByRole('region', { name: /was not approved$/ })).toContainText(
    'refunded to your card',
  );
  await expect(page.getByRole('link', { name: 'Place a new order' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/manage/orders');
  await expect(page.getByRole('row').filter({ hasText: order.orderNumber })).toContainText('Not approved');
  await expectAccessible(page);
});

test('the staff order page keeps itself current, and delivery starts from the date the customer chose', async ({
  page,
  request,
  staffMember,
}) => {
  test.setTimeout(180_000);
  const { customer, order } = await placedOrder(request);
  const chosen = (
    (await (
      await request.get(`/api/v1/orders/${order.id}`, {
        headers: await customerHeaders(request, customer.email),
      })
    ).json()) as {
      data: { deliveryDate: string };
    }
  ).data.deliveryDate;

  await staffSignIn(page, await staffMember('agent'));
  await openOrder(page, order.orderNumber);
  // The order reaches the MVNE a moment after payment: the page sees it without a reload (defect 8).
  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await expect(verify).toBeVisible({ timeout: 30_000 });
  await verify.click();
  await page.getByRole('button', { name: 'Confirm: Verify' }).click();
  await expect(page.locator('.mantine-Badge-root', { hasText: /^Verified$/ })).toBeVisible();

  // Create delivery order starts from the customer's date and says what a tracking code is (defect 10).
  await page.getByRole('button', { name: 'Create delivery order', exact: true }).click();
  const date = page.getByRole('textbox', { name: 'Delivery date' });
  await expect(date).toHaveValue(chosen);
  await expect(page.getByText(`The customer chose ${formatSgDay(chosen, 'weekday')}`)).toBeVisible();
  const tracking = page.getByRole('textbox', { name: 'Tracking code' });
  await expect(tracking).toHaveAccessibleDescription(/4 to 40 letters, digits or hyphens/);
  await tracking.fill('NV 12');
  await page.getByRole('textbox', { name: /^ICCID of the SIM for Me/ }).fill(iccidOf(SIM));
  await page.getByRole('button', { name: 'Confirm: Create delivery order' }).click();
  await expect(
    page.getByText('Tracking code must be 4 to 40 letters, digits or hyphens, e.g. NV-SG-12345678'),
  ).toBeVisible();
  await expectAccessible(page);
  await tracking.fill(`NV-SG-${order.orderNumber}`);
  await page.getByRole('button', { name: 'Confirm: Create delivery order' }).click();
  await expect(page.locator('.mantine-Badge-root', { hasText: 'Delivery in progress' })).toBeVisible();
  await expect(page.getByText(`Home Delivery on ${formatSgDay(chosen, 'weekday')}, tracking`)).toBeVisible();
  const onItsWay = await waitForMessage(
    request,
    customer.email,
    (m) => m.subject?.includes('on its way') ?? false,
  );
  expect(onItsWay.text).toContain(`planned for ${formatSgDay(chosen, 'weekday')}.`);
  expect(onItsWay.text).not.toContain(chosen);

  await page.getByRole('button', { name: 'Mark delivered', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm: Mark delivered' }).click();
  await expect(page.locator('.mantine-Badge-root', { hasText: 'Delivery completed' })).toBeVisible();

  // Enter IMSI: the action is gone at once, the page waits on the MVNE and shows 'Completed' by itself.
  const activate = page.getByRole('button', { name: 'Enter IMSI to activate', exact: true });
  await activate.click();
  await page.getByRole('textbox', { name: /^IMSI of the SIM for Me/ }).fill(imsiOf(SIM));
  await page.getByRole('button', { name: 'Confirm: Enter IMSI to activate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Activation requested' })).toBeVisible();
  await expect(activate).toHaveCount(0, { timeout: 5000 });
  await expect(page.locator('.mantine-Badge-root', { hasText: /^Completed$/ })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByText('Waiting for the MVNE: this page updates by itself.')).toHaveCount(0);
  await expectAccessible(page);
});

/** A customer's bearer header, from a sign-in through the API. */
async function customerHeaders(request: APIRequestContext, email: string) {
  const res = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).data.token}` };
}

test("an eSIM's QR code opens before the line is active, from SIM Management and from its email", async ({
  page,
  request,
  staffMember,
}) => {
  test.setTimeout(180_000);
  const { customer, order } = await placedOrder(request, { typeSim: 1 });
  await loginWithPassword(page, customer.email, PASSWORD);
  await expect(page).toHaveURL(/\/myAccount$/);

  const staff = await staffApi(request, await staffMember('admin'));
  await expect(async () => {
    expect((await staff(`/orders/${order.id}/verify`, {})).status).toBe(200);
  }).toPass({ timeout: 20_000 });

  // Still status 1, the line being activated: its page opens (defect 4), and shows the code once released.
  await page.goto('/manage/simManagement');
  await expect(page.getByRole('heading', { name: 'SIM Management' })).toBeVisible();
  const line = page.getByRole('link', { name: /^Details of \+65/ });
  await expect(line).toBeVisible();
  await expect(page.getByRole('row').filter({ has: line })).toContainText('eSIM');
  await expectAccessible(page);
  await line.click();
  await expect(page).toHaveURL(/\/manage\/simManagement\/[0-9a-f-]+\/detail$/);
  const detailPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'No access to this page.' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /QR code of the eSIM activation code/ })).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(page);

  const mail = await waitForMessage(
    request,
    customer.email,
    (m) => m.subject?.startsWith('Your eSIM') ?? false,
  );
  const link = linkIn(mail.text, '/manage/simManagement');
  expect(`${link}/detail`).toBe(detailPath);
  const code = /Activation code: (\S+)/.exec(mail.text)?.[1] as string;
  await page.goto(`${link}/detail`);
  await expect(page.getByRole('heading', { name: 'No access to this page.' })).toHaveCount(0);
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code of the eSIM activation code/ })).toBeVisible();
  await expectAccessible(page);
});

test("the demo logins have what the README's table says", async ({ page }, info) => {
  test.setTimeout(120_000);
  await loginWithPassword(page, 'ordered@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/myAccount$/);
  await expect(page.getByRole('region', { name: 'Where your order is' })).toBeVisible();
  await expect(page.getByText('Paid, being checked')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/manage/orders');
  await expect(page.getByRole('row').filter({ hasText: 'Paid, being checked' })).toHaveCount(1);
  await expectAccessible(page);
  await logOut(page, info.project.name);

  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/manage/simManagement');
  await expect(page.getByRole('heading', { name: 'SIM Management' })).toBeVisible();
  for (const [number, kind] of [
    ['+65 9100 0004', 'Main line'],
    ['+65 8100 0001', 'Us line'],
    ['+65 8100 0002', 'Us line'],
  ]) {
    const line = page.getByRole('row').filter({ hasText: number as string });
    await expect(line.getByText('Active', { exact: true })).toBeVisible();
    await expect(line).toContainText(kind as string);
  }
  await expectAccessible(page);
  await logOut(page, info.project.name);

  await loginWithPassword(page, 'documents@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/uploadID$/);
});

async function logOut(page: Page, project: string) {
  if (isMobile(project)) await page.goto('/myAccount');
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
}

test(
  "at a phone's width the bills', orders', SIMs', 'Us' lines' and usage records' tables show every cell whole",
  { tag: '@phone' },
  async ({ page, request }, info) => {
    test.setTimeout(120_000);
    // The walk-through's phone: 390 px wide.
    if (isMobile(info.project.name)) await page.setViewportSize({ width: 390, height: 844 });

    const me = await billedCustomer(request);
    await loginWithPassword(page, me.email, PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/bills');
    const bills = page.getByRole('row').filter({ hasText: formatBillMonth(me.dueMonth) });
    await expectWhole(bills.getByText('Due Now', { exact: true }), "the newest bill's status");
    await expectWhole(
      page
        .getByRole('row')
        .filter({ hasText: formatBillMonth(me.olderMonth) })
        .getByText('Paid', { exact: true }),
      "the older bill's status",
    );
    await expectWhole(bills.getByText('$26.30'), "the newest bill's amount");
    await expectAccessible(page);
    await logOut(page, info.project.name);

    await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/local$/);
    await page.goto('/manage/mobileSubLine');
    for (const number of ['+65 8100 0001', '+65 8100 0002']) {
      const line = page.getByRole('row').filter({ hasText: number });
      await expectWhole(line.getByText('Active', { exact: true }), `the status of ${number}`);
      await expectWhole(line.getByRole('link'), `the order of ${number}`);
    }
    await expectAccessible(page);

    // The orders, the SIMs and the line badges on /myAccount: every field whole.
    await page.goto('/manage/orders');
    const order = page.getByRole('row').nth(1);
    await expect(order).toBeVisible();
    for (const cell of await order.getByRole('cell').all()) await expectWhole(cell, 'an order field');
    await page.goto('/manage/simManagement');
    const sim = page.getByRole('row').filter({ hasText: '+65 8100 0001' });
    await expectWhole(sim.getByText('Active', { exact: true }), "a SIM's status, as written");
    for (const cell of await sim.getByRole('cell').all()) await expectWhole(cell, 'a SIM field');
    await expectAccessible(page);
    await page.goto('/myAccount');
    await expectWhole(
      page.getByRole('row').filter({ hasText: '+65 8100 0001' }).getByText('Active', { exact: true }),
      "an 'Us' line's badge on /myAccount",
    );
    // A button naming a line wraps rather than widen the page.
    await page.goto('/manage/internationalCall');
    const change = page.getByRole('link', { name: /^Change international calls and SMS on/ }).first();
    await expectWhole(change, "the button to change a line's international calls");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await page.evaluate(() => window.innerWidth),
    );

    await monthHasUse('91000004');
    await page.goto('/dashboard/local/detail');
    const records = page.getByRole('table').filter({ hasText: 'Usage records from' });
    const first = records.getByRole('row').nth(1);
    await expect(first).toBeVisible({ timeout: 60_000 });
    for (const cell of await first.getByRole('cell').all()) await expectWhole(cell, 'a usage record field');
    await expectWhole(first.getByText(/^\$\d+\.\d\d$/), "a record's charge");
    await expectAccessible(page);
  },
);
