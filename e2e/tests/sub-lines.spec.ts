import { randomInt } from 'node:crypto';
import { formatSgMobile } from '@selfcare/domain';
import { activeWithProfile, liveLineCustomer } from './live-line.ts';
import {
  codeIn,
  expect,
  expectAccessible,
  freshNric,
  loginWithPassword,
  PASSWORD,
  staffSignIn,
  test,
  typeCode,
  waitForMessage,
} from './support.ts';

/**
 * /manage/mobileSubLine: an active customer adds an eSIM 'Us' line for someone they
 * name on a new number held while choosing; an agent verifies it in the console, the line goes live,
 * and its user signs in with its number and a code to their dashboard only.
 */
test("a customer adds an 'Us' line and its user signs in with its number", async ({
  page,
  browser,
  request,
  staffMember,
}) => {
  const me = await liveLineCustomer(request);
  await activeWithProfile(me.email);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/manage/mobileSubLine');
  await expect(page).toHaveTitle('Us');
  await expect(page.getByText('You have no Us lines yet.')).toBeVisible();
  await expect(page.getByText('You have 0 of 9 Us lines.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Add Us line' }).click();
  await expect(page).toHaveTitle('Add Us');
  await page.getByRole('textbox', { name: 'Full name as on ID' }).fill('Lim Wei Jie');
  await page.getByRole('textbox', { name: 'NRIC or FIN' }).fill(freshNric());
  await page.getByRole('textbox', { name: 'Contact number' }).fill(`9${randomInt(1_000_000, 9_999_999)}`);
  await page.getByRole('radio', { name: /^Lite 10/ }).check();
  await page.getByRole('radio', { name: 'eSIM' }).check();
  const choices = page.getByRole('radiogroup', { name: 'Available numbers' });
  await expect(choices.getByRole('radio').first()).toBeVisible();
  // Other tests hold numbers from the same pool at the same time: take one at random from the page,
  // and another if someone held it first (the page says so).
  let number = '';
  let shown = '';
  for (let attempt = 0; attempt < 5 && !number; attempt++) {
    const pick = choices.getByRole('radio').nth(randomInt(await choices.getByRole('radio').count()));
    const value = (await pick.getAttribute('value')) as string;
    shown = `+65 ${formatSgMobile(value)}`;
    await pick.check();
    await page.getByRole('button', { name: `Hold ${shown}` }).click();
    const held = page.getByText(`${shown} is held for you until`, { exact: false });
    const gone = page.getByText('This number is no longer available. Please choose another.');
    await expect(held.or(gone)).toBeVisible();
    if (await held.isVisible()) number = value;
  }
  expect(number).not.toBe('');
  await expect(
    page.getByText('The eSIM is released once we have checked the details', { exact: false }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Us line' }).click();
  await expect(page.getByText('Us added successfully.')).toBeVisible();
  await expect(page).toHaveTitle('Us');
  const row = page.getByRole('row', { name: new RegExp(shown.replace('+', '\\+')) });
  await expect(row.getByText('Lim Wei Jie')).toBeVisible();
  // Billed with the account, never paid for: no page speaks of a payment, each says the same thing.
  await expect(row.getByText(/^Ordered: Being (prepared|checked)$/)).toBeVisible();
  await expectAccessible(page);
  const orderNumber = (await row.getByRole('link').textContent()) as string;
  await page.goto('/myAccount');
  const progress = page.getByRole('region', { name: 'Where your order is' });
  await expect(progress.getByRole('listitem').first()).toContainText('Added to your account: done');
  await expect(progress.getByRole('listitem').filter({ hasText: 'Paid' })).toHaveCount(0);
  await expect(page.getByText(/^Activate your SIM by/)).toHaveCount(0);
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { name: new RegExp(orderNumber) })).toBeVisible();
  await expect(page.getByText('Nothing to pay now: billed monthly with your account')).toBeVisible();
  await expect(page.getByText(/Paid/)).toHaveCount(0);
  await expectAccessible(page);
  // The orders list says so too: no amount, as if it had been paid at a checkout.
  await page.goto('/manage/orders');
  const listed = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(listed.getByText('Billed monthly', { exact: true })).toBeVisible();
  await expect(listed.getByText(/\$\d/)).toHaveCount(0);
  await page.goto('/manage/mobileSubLine');

  // An agent finds the order in the console, sees whose line it is, and verifies it; the eSIM is
  // released and the line goes live.
  const console = await page.context().newPage();
  await staffSignIn(console, await staffMember('agent'));
  await console.getByRole('textbox', { name: 'Search' }).fill(orderNumber);
  await console.getByRole('button', { name: 'Apply' }).click();
  await console.getByRole('link', { name: orderNumber }).click();
  await expect(console.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(console.getByText("Added 'Us' line")).toBeVisible();
  await expect(console.getByText('Lim Wei Jie')).toBeVisible();
  await expect(console.getByText('Nothing charged: billed monthly with the account')).toBeVisible();
  // The order reaches the MVNE a moment after it is placed; the page sees it by itself.
  const verify = console.getByRole('button', { name: 'Verify', exact: true });
  await expect(verify).toBeVisible({ timeout: 30_000 });
  // Its label stays readable under the pointer too (Mantine's light hover fell short of 4.5:1).
  await verify.hover();
  await expectAccessible(console);
  await verify.click();
  await console.getByRole('button', { name: 'Confirm: Verify' }).click();
  await expect(console.getByRole('alert').filter({ hasText: 'Verified' })).toBeVisible();
  await console.close();
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Active')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.getByText(`Signs in with ${shown}`)).toBeVisible();

  // Its user signs in with the line's number and a code sent to it, and sees the dashboard only.
  const them = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await them.goto('/login');
  await them.getByRole('tab', { name: 'Mobile number and OTP' }).click();
  await them.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(number);
  await them.getByRole('radio', { name: 'SMS' }).check();
  await them.getByRole('button', { name: 'Send code' }).click();
  const text = await waitForMessage(request, `+65${number}`, (m) => m.channel === 'sms');
  await typeCode(them, codeIn(text.text));
  await them.getByRole('button', { name: 'Log in with code' }).click();
  await expect(them).not.toHaveURL(/\/login/);
  await them.goto('/manage/mobileSubLine');
  await expect(them.getByText('No access to this page.')).toBeVisible();
  await expectAccessible(them);
  await them.context().close();
});
