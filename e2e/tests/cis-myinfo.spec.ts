import type { APIRequestContext, Page } from '@playwright/test';
import { activeWithProfile } from './live-line.ts';
import {
  expect,
  expectAccessible,
  loginWithPassword,
  PASSWORD,
  registeredCustomer,
  signInWithSingpass,
  test,
} from './support.ts';

/**
 * /profile/checkCIS by Singpass (Myinfo), each test on a customer of its own with a line, whose
 * profile carries the NRIC they sign in to Singpass with (MockPass personas no other test orders
 * with): S6005054F works at HEALTH CARE PTE LTD, the registered name of Orchid Health Group (a scheme
 * company); S9912365F works at CLEAR LINK PTE LTD, no scheme company.
 */
const ORCHID = 'S6005054F';
async function atCheckCis(page: Page, request: APIRequestContext, idNumber?: string) {
  const me = await registeredCustomer(request);
  await activeWithProfile(me.email, { idNumber });
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/checkCIS');
  await expect(page).toHaveTitle('CIS Eligibility Check');
  await expect(page.getByText('No corporate plans are available to you yet.')).toBeVisible();
  return page.getByRole('region', { name: 'By Singpass (Myinfo)' });
}

test('a customer with a line checks their corporate eligibility with Singpass and sees the plans they can move to', async ({
  page,
  request,
}) => {
  const myinfo = await atCheckCis(page, request, ORCHID);
  await expect(page.getByRole('region', { name: 'By company email' })).toBeVisible();
  await expectAccessible(page);

  await myinfo.getByRole('button', { name: 'Check with Singpass (Myinfo)' }).click();
  await signInWithSingpass(page, ORCHID);
  // Back through /callback, with the code and state gone from the address bar.
  await expect(page).toHaveURL(/\/profile\/checkCIS$/);
  await expect(
    myinfo.getByRole('status').filter({ hasText: 'You are eligible for the Orchid Health Group plans.' }),
  ).toBeVisible();
  const plans = page.getByRole('region', { name: 'Corporate plans you can move to' });
  await expect(plans.getByText(/Orchid Care 28/)).toBeVisible();
  await expectAccessible(page);

  // A reload neither checks again nor loses the plans.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Corporate plans you can move to' })).toContainText(
    'Orchid Care 28',
  );
  await plans.getByRole('link', { name: 'Change the plan of a line' }).click();
  await expect(page).toHaveURL(/\/manage\/planChange$/);
});

test('a customer whose employer is no scheme company is told they are not eligible', async ({
  page,
  request,
}) => {
  const nric = 'S9912365F';
  const myinfo = await atCheckCis(page, request, nric);
  await myinfo.getByRole('button', { name: 'Check with Singpass (Myinfo)' }).click();
  await signInWithSingpass(page, nric);
  await expect(page).toHaveURL(/\/profile\/checkCIS$/);
  await expect(myinfo.getByRole('alert')).toHaveText('Not eligible for CIS');
  await expect(page.getByText('No corporate plans are available to you yet.')).toBeVisible();
  await expectAccessible(page);
});

test("a friend's Singpass does not unlock their company's plans", async ({ page, request }) => {
  const myinfo = await atCheckCis(page, request);
  await myinfo.getByRole('button', { name: 'Check with Singpass (Myinfo)' }).click();
  await signInWithSingpass(page, ORCHID);
  await expect(page).toHaveURL(/\/profile\/checkCIS$/);
  await expect(myinfo.getByRole('alert')).toHaveText(
    'This Singpass login is not yours: its NRIC/FIN is not the one on your account. Please check with your own Singpass, or with your company email.',
  );
  await expect(page.getByText('No corporate plans are available to you yet.')).toBeVisible();
  await expectAccessible(page);
});
