import { DAY, DEMO_PASSWORD, expect, expectAccessible, loginWithPassword, test } from './support.ts';

/**
 * Monthly add-ons and IDD services on one of a demo customer's 'Us' lines. The worker tells the
 * sandbox MVNE of each change.
 */
const LINE = '+65 8100 0001 (Us)';

test('an add-on is subscribed after its price is shown, set up by the network, then unsubscribed to the month’s end', async ({
  page,
}) => {
  const line = LINE;
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/manage/addOn');
  await expect(page).toHaveTitle('Add-ons');
  const region = page.getByRole('region', { name: line });
  await region.getByRole('button', { name: `Subscribe to Voicemail on ${line}` }).click();
  await expect(region.getByText(/^Voicemail costs \$2\.00 a month, GST included\./)).toBeVisible();
  await expectAccessible(page);
  await region.getByRole('button', { name: `Confirm subscribing to Voicemail on ${line}` }).click();
  await expect(page.getByText('Add-on subscribed/unsubscribed successfully.')).toBeVisible();
  // Pending until the network confirms it, then subscribed.
  const voicemail = region.getByRole('group', { name: 'Voicemail' });
  await expect(voicemail.getByText(new RegExp(`^Subscribed since ${DAY}$`))).toBeVisible({ timeout: 30_000 });

  await voicemail.getByRole('button', { name: `Unsubscribe from Voicemail on ${line}` }).click();
  await expect(voicemail.getByText(new RegExp(`^Voicemail stays on until the end of ${DAY}`))).toBeVisible();
  await voicemail.getByRole('button', { name: `Confirm unsubscribing from Voicemail on ${line}` }).click();
  await expect(page.getByText('Add-on subscribed/unsubscribed successfully.').first()).toBeVisible();
  await expect(voicemail.getByText(new RegExp(`^Ends on ${DAY}$`))).toBeVisible();
  await expectAccessible(page);
  // Kept: a fresh page shows it ending.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: line })
      .getByRole('group', { name: 'Voicemail' })
      .getByText(/^Ends on/),
  ).toBeVisible();
});

test('an IDD service is subscribed and unsubscribed on /manage/globalSMS', async ({ page }) => {
  const line = LINE;
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/manage/globalSMS');
  await expect(page).toHaveTitle('IDD');
  // The rates to numbers abroad, with the IDD Saver's.
  await expect(page.getByRole('row').filter({ hasText: 'Malaysia' }).getByRole('cell')).toHaveText([
    '$0.08',
    '$0.04',
    '$0.15',
  ]);
  const region = page.getByRole('region', { name: line });
  await region.getByRole('button', { name: `Subscribe to IDD Saver on ${line}` }).click();
  await region.getByRole('button', { name: `Confirm subscribing to IDD Saver on ${line}` }).click();
  await expect(page.getByText('Service subscribed/unsubscribed successfully.')).toBeVisible();
  const saver = region.getByRole('group', { name: 'IDD Saver' });
  await expect(saver.getByText(/^Subscribed since/)).toBeVisible({ timeout: 30_000 });
  await saver.getByRole('button', { name: `Unsubscribe from IDD Saver on ${line}` }).click();
  await saver.getByRole('button', { name: `Confirm unsubscribing from IDD Saver on ${line}` }).click();
  await expect(saver.getByText(new RegExp(`^Ends on ${DAY}$`))).toBeVisible();
  await expectAccessible(page);
});
