import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { generate } from 'otplib';
import { placedOrder } from './placed-order.ts';
import { DEMO_PASSWORD, expect, expectAccessible, staffSignIn, test, waitForMessage } from './support.ts';

/** An agent, on a demo stock SIM of its own. */
const STAFF = { role: 'agent', sim: 101 } as const;

test('staff sign in with an authenticator code, verify an order, send its SIM and mark it delivered', async ({
  page,
  request,
  staffMember,
}) => {
  const { role, sim } = STAFF;
  const staff = { ...(await staffMember(role)), sim };
  const { customer, fullName, order } = await placedOrder(request);

  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/login$/);
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(staff.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill('000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The email, password or authenticator code is incorrect.');
  await page
    .getByRole('textbox', { name: 'Authenticator code' })
    .fill(await generate({ secret: staff.secret }));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Order queue' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(order.orderNumber);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: order.orderNumber }).click();

  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByText(`Ms. ${fullName}`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'ID document, front side' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'ID document, back side' })).toBeVisible();
  // The order reaches the MVNE a moment after payment; only then can it be verified.
  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(verify).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expectAccessible(page);

  await verify.click();
  await page.getByRole('textbox', { name: 'Note (optional)' }).fill('Photo and NRIC match');
  await page.getByRole('button', { name: 'Confirm: Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Verified' })).toBeVisible();
  await expect(page.locator('.mantine-Badge-root', { hasText: /^Verified$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Create delivery order', exact: true }).click();
  await page.getByRole('textbox', { name: 'Tracking code' }).fill(`NV-${order.orderNumber}`);
  const iccid = withLuhnDigit(`896501261122${String(staff.sim).padStart(6, '0')}`);
  await page.getByRole('textbox', { name: /^ICCID of the SIM for Me/ }).fill(iccid);
  await page.getByRole('button', { name: 'Confirm: Create delivery order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Create delivery order' })).toBeVisible();
  await expect(page.locator('.mantine-Badge-root', { hasText: 'Delivery in progress' })).toBeVisible();
  await expect(page.getByRole('cell', { name: `•••• ${iccid.slice(-4)}` })).toBeVisible();
  const mail = await waitForMessage(
    request,
    customer.email,
    (m) => m.subject?.includes('on its way') ?? false,
  );
  expect(mail.text).toContain(`NV-${order.orderNumber}`);

  await page.getByRole('button', { name: 'Mark delivered', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm: Mark delivered' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Delivery completed' })).toBeVisible();
  await expect(page.locator('.mantine-Badge-root', { hasText: 'Delivery completed' })).toBeVisible();
  // The timeline names the step in words, not by its code name (mark-delivered).
  await expect(page.getByText(/ · SIM delivered/).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
});

test("an admin writes a product's description in Malay on the catalog page, and it is kept", async ({
  page,
  staffMember,
}) => {
  await staffSignIn(page, await staffMember('admin'));
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Catalog texts' }).click();
  await expect(page.getByRole('heading', { name: 'Catalog texts', level: 1 })).toBeVisible();
  const voicemail = page.getByRole('region', { name: 'Voicemail' });
  const malay = voicemail.getByRole('textbox', { name: 'Description in Bahasa Melayu' });
  const save = async (text: string) => {
    await malay.fill(text);
    await voicemail.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Data updated successfully').first()).toBeVisible();
  };
  await expect(malay).not.toHaveValue('');
  await expectAccessible(page);
  const before = await malay.inputValue();
  const written = `Mel suara, dengan SMS bagi setiap mesej baharu (${Date.now()}).`;
  await save(written);
  await page.reload();
  await expect(malay).toHaveValue(written);
  // The demo catalog's text goes back, for the journeys that read it.
  await save(before);
});
