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
 * /profile/checkCIS by Singpass (Myinfo), at both widths, each test on a customer of its own with a
 * line: MockPass's S9812379B works at HEALTH CARE PTE LTD, the registered name of Orchid Health Group
 * (a scheme company); S9912374E works for no scheme company.
 */
async function atCheckCis(page: Page, request: APIRequestContext) {
  const me = await registeredCustomer(request);
  await activeWithProfile(me.email);
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
  const myinfo = await atCheckCis(page, request);
  await expect(page.getByRole('region', { name: 'By company email' })).toBeVisible();
  await expectAccessible(page);

  await myinfo.getByRole('button', { name: 'Check with Singpass (Myinfo)' }).click();
  await signInWithSingpass(page, 'S9812379B');
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
  const myinfo = await atCheckCis(page, request);
  await myinfo.getByRole('button', { name: 'Check with Singpass (Myinfo)' }).click();
  await signInWithSingpass(page, 'S9912374E');
  await expect(page).toHaveURL(/\/profile\/checkCIS$/);
  await expect(myinfo.getByRole('alert')).toHaveText('Not eligible for CIS');
  await expect(page.getByText('No corporate plans are available to you yet.')).toBeVisible();
  await expectAccessible(page);
});
