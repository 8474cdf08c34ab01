import type { APIRequestContext } from '@playwright/test';
import { activeWithProfile } from './live-line.ts';
import {
  expect,
  expectAccessible,
  loginWithPassword,
  PASSWORD,
  registeredCustomer,
  staffSignIn,
  test,
  waitForMessage,
} from './support.ts';

/**
 * Closing an account (ADR 0030), each test on a customer of its own whose lines have
 * all ended and whose bills are settled: the customer asks on /profile/myProfile with their
 * password, a supervisor closes the account in the staff console, and the customer can no longer
 * sign in.
 */
async function settledCustomer(request: APIRequestContext) {
  const c = await registeredCustomer(request);
  await activeWithProfile(c.email);
  return c;
}

test('a customer asks to close their account, a supervisor closes it, and the customer cannot sign in', async ({
  page,
  request,
  staffMember,
}) => {
  const me = await settledCustomer(request);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/myProfile');
  await expect(page).toHaveTitle('My Profile');
  const section = page.getByRole('region', { name: 'Close my account' });
  await expect(section.getByText(/Once it is closed you can no longer log in/)).toBeVisible();
  await expectAccessible(page);

  await section.getByRole('button', { name: 'Close my account' }).click();
  await expect(
    section.getByText('Please confirm that you understand your account and data are deleted for good.'),
  ).toBeVisible();
  await section.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong#Pass1');
  await section.getByRole('checkbox', { name: /deleted for good/ }).check();
  await section.getByRole('button', { name: 'Close my account' }).click();
  await expect(section.getByText('Password incorrect. Please Re-enter.')).toBeVisible();
  await expectAccessible(page);
  await section.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await section.getByRole('button', { name: 'Close my account' }).click();
  await expect(page.getByText(/^We have your request to close your account/)).toBeVisible();
  await expect(section.getByRole('status')).toContainText('You asked to close your account on');
  await expect(section.getByText(/Nothing is left to settle/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Withdraw my request' })).toBeVisible();
  await expectAccessible(page);
  const asked = await waitForMessage(request, me.email, (m) => m.subject?.includes('close your') ?? false);
  expect(asked.text).toContain('/profile/myProfile');

  // A supervisor closes it in the staff console.
  const staff = await staffMember('supervisor');
  const console = await page.context().newPage();
  await staffSignIn(console, staff);
  await console
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Account closures' })
    .click();
  await expect(console.getByRole('heading', { name: 'Account closures' })).toBeVisible();
  const mine = console.getByRole('region', { name: /^Request of / }).filter({ hasText: me.email });
  await expect(mine.getByText('Nothing is left to settle: the account may be closed.')).toBeVisible();
  await expectAccessible(console);
  await mine.getByRole('button', { name: 'Close and delete the account' }).click();
  await expect(mine.getByText(/for good\. The bills and payments are kept, naming no one\./)).toBeVisible();
  await expectAccessible(console);
  await mine.getByRole('button', { name: 'Confirm: close and delete' }).click();
  await expect(console.getByRole('status')).toContainText(
    `The account is closed and its personal data erased. (Mei Ling Tan, ${me.email})`,
  );
  await expect(
    console.getByRole('region', { name: /^Request of / }).filter({ hasText: me.email }),
  ).toHaveCount(0);
  await console.close();

  // The customer's session has ended, and the password no longer signs in.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page.getByText('You have entered an invalid email address or password')).toBeVisible();
  await expectAccessible(page);
  const closed = await waitForMessage(request, me.email, (m) => m.subject?.includes('is closed') ?? false);
  expect(closed.text).toContain('This is the last email we send to this address.');
});
