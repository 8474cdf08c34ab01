import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { activeWithProfile } from './live-line.ts';
import {
  codeIn,
  expect,
  expectAccessible,
  linkIn,
  loginWithPassword,
  newCustomer,
  PASSWORD,
  registeredCustomer,
  test,
  waitForMessage,
} from './support.ts';

/**
 * /profile/myProfile, each test on a customer of its own (a password change ends the
 * others' sessions): the identity as ordered, shown read only with what MyInfo verified marked; the
 * contact number and consents edited and kept; the password changed after the current one; the
 * email address changed by a link sent to the new one.
 */
async function profiledCustomer(request: APIRequestContext) {
  const c = await registeredCustomer(request);
  await activeWithProfile(c.email, {
    employer: 'Orchid Holdings',
    myinfoVerified: ['fullName', 'dateOfBirth'],
  });
  return c;
}

test('a customer edits their profile and changes their password', async ({ page, request }) => {
  const me = await profiledCustomer(request);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/myProfile');
  await expect(page).toHaveTitle('My Profile');
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details.getByRole('row', { name: /Full name as on ID/ })).toContainText('Verified by MyInfo');
  await expect(details.getByRole('row', { name: /ID number/ })).toContainText('•••••');
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Contact number' }).fill('87654321');
  await page
    .getByRole('group', { name: 'Offers from our partners, by' })
    .getByRole('checkbox', { name: 'SMS' })
    .check();
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByText('Update Profile successfully.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Contact number' })).toHaveValue('87654321');
  await expect(
    page.getByRole('group', { name: 'Offers from our partners, by' }).getByRole('checkbox', { name: 'SMS' }),
  ).toBeChecked();

  const NEW = 'Kallang#River77';
  await page.getByLabel('Current password').fill('Wrong#Pass1');
  await page.getByLabel('New password').fill(NEW);
  await page.getByLabel('Confirm Password').fill(NEW);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password incorrect. Please Re-enter.')).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Change password successfully!')).toBeVisible();
  await expectAccessible(page);

  // PDPA access: everything held, as one file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await file.path(), 'utf8'));
  expect(data.account.email).toBe(me.email);
  expect(data.profile).toMatchObject({ contact_number: '87654321', full_name: 'Tan Mei Ling' });

  // The old password no longer signs in; the new one does.
  const old = await request.post('/api/v1/auth/login', { data: { email: me.email, password: PASSWORD } });
  expect(old.status()).toBe(401);
  const fresh = await request.post('/api/v1/auth/login', { data: { email: me.email, password: NEW } });
  expect(fresh.status()).toBe(200);
});

test('a customer changes their email address, opens the link sent to the new one and logs in with it', async ({
  page,
  request,
}) => {
  const me = await profiledCustomer(request);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/myProfile');
  const section = page.getByRole('region', { name: 'Email address' });
  await expect(section.getByText(`You log in with ${me.email}.`)).toBeVisible();

  const next = newCustomer().email;
  await section.getByRole('textbox', { name: 'New email address' }).fill(next);
  await section.getByRole('textbox', { name: 'Re-enter Email Address' }).fill(next);
  await section.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong#Pass1');
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByText('Password incorrect. Please Re-enter.')).toBeVisible();
  await section.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByRole('status')).toContainText(`We have sent a confirmation link to ${next}.`);
  await expectAccessible(page);

  // The old address is told; the new one gets the link.
  const notice = await waitForMessage(
    request,
    me.email,
    (m) => m.subject?.includes('change of your') ?? false,
  );
  expect(notice.text).toContain(next);
  const mail = await waitForMessage(request, next);
  await page.goto(linkIn(mail.text, '/confirmEmail'));
  await expect(
    page.getByText(`Your new email address ${next} is confirmed. Please log in with it from now on.`),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Go to login' }).click();
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page.getByText('You have entered an invalid email address or password')).toBeVisible();
  await loginWithPassword(page, next, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/myProfile');
  await expect(
    page.getByRole('region', { name: 'Email address' }).getByText(`You log in with ${next}.`),
  ).toBeVisible();
});

test('a customer with a line checks their corporate eligibility and sees the plans they can move to', async ({
  page,
  request,
}) => {
  const me = await profiledCustomer(request);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/checkCIS');
  await expect(page).toHaveTitle('CIS Eligibility Check');
  await expect(page.getByText('No corporate plans are available to you yet.')).toBeVisible();
  await expectAccessible(page);
  const work = `${me.email.split('@')[0]}@acme.com.sg`;
  await page.getByRole('textbox', { name: 'Company email address' }).fill(work);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('We have sent the code to your company email address.')).toBeVisible();
  const mail = await waitForMessage(request, work);
  await page.getByRole('textbox', { name: 'Code from the email' }).fill(codeIn(mail.text));
  await page.getByRole('button', { name: 'Check code' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You are eligible for the Acme Engineering Pte Ltd plans.' }),
  ).toBeVisible();
  const plans = page.getByRole('region', { name: 'Corporate plans you can move to' });
  await expect(plans.getByText(/Acme Staff 18/)).toBeVisible();
  await expectAccessible(page);
  await plans.getByRole('link', { name: 'Change the plan of a line' }).click();
  await expect(page).toHaveURL(/\/manage\/planChange$/);
});
