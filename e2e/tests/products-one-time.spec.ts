import { DEMO_PASSWORD, expect, expectAccessible, loginWithPassword, test } from './support.ts';

/**
 * One-time purchases charged to the saved card: a booster on /manage/booster and a roaming pack on
 * /manage/roaming for a demo customer's line. The demo customers' saved card is a VISA ending 4242.
 */
const lineOf = (project: string) => (project === 'desktop' ? '+65 8100 0001 (Us)' : '+65 8100 0002 (Us)');

test('a one-time booster is bought after the card and price are shown, then listed and counted', async ({
  page,
}) => {
  // The Booster pages are for accounts with the booster flag: the demo's booster customer, whose one
  // line both widths buy for (a one-time booster can be bought again).
  const line = '+65 9100 0005 (Me)';
  await loginWithPassword(page, 'booster@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/manage/booster');
  await expect(page).toHaveTitle('Booster');
  await expect(page.getByRole('heading', { name: 'Booster', level: 1 })).toBeVisible();
  await expectAccessible(page);

  const booster = page
    .getByRole('region', { name: 'Buy a booster' })
    .getByRole('group', { name: 'Data Booster 5GB' });
  await booster.getByRole('combobox', { name: 'Line for Data Booster 5GB' }).selectOption({ label: line });
  await booster.getByRole('button', { name: 'Buy Data Booster 5GB' }).click();
  await expect(
    booster.getByText(
      `Data Booster 5GB for ${line}: $4.00 charged now to VISA •••• 4242. Valid for 30 days from now.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await booster.getByRole('button', { name: 'Confirm buying Data Booster 5GB' }).click();
  await expect(page.getByText('Data updated successfully')).toBeVisible();

  // Listed as the line's own, valid for its 30 days (set up on the network meanwhile).
  const bought = page
    .getByRole('region', { name: 'Your boosters' })
    .getByRole('region', { name: 'Non-shareable' })
    .getByRole('listitem')
    .filter({ hasText: 'Data Booster 5GB' })
    .filter({ hasText: `For ${line}` })
    .first();
  await expect(bought.getByText(/^Valid until \d{1,2} \w+ \d{4}$/)).toBeVisible({ timeout: 30_000 });
  await expect(bought.getByText(/^Your purchase is being set up/)).toHaveCount(0, { timeout: 30_000 });
  await expectAccessible(page);

  // The line's local usage counts it as a bucket of its own (balances are kept 30 s).
  await page.goto('/dashboard/local');
  const usage = page.getByRole('region', { name: line });
  await expect(async () => {
    await page.reload();
    await expect(usage.getByText('Data Booster 5GB', { exact: true }).first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  await expectAccessible(page);
});

test('a customer without the booster flag buys a lite top-up on /manage/addOn, then sees it listed', async ({
  page,
}, info) => {
  // The active demo customer's lines have no booster flag: no Booster page, top-ups with the add-ons.
  const line = lineOf(info.project.name);
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/manage/addOn');
  await expect(page).toHaveTitle('Add-ons');
  const topUp = page
    .getByRole('region', { name: 'Lite top-up' })
    .getByRole('group', { name: 'Lite Top-up 1GB' });
  await topUp.getByRole('combobox', { name: 'Line for Lite Top-up 1GB' }).selectOption({ label: line });
  await topUp.getByRole('button', { name: 'Buy Lite Top-up 1GB' }).click();
  await expect(
    topUp.getByText(
      `Lite Top-up 1GB for ${line}: $2.00 charged now to VISA •••• 4242. Valid for 30 days from now.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await topUp.getByRole('button', { name: 'Confirm buying Lite Top-up 1GB' }).click();
  await expect(page.getByText('Data updated successfully')).toBeVisible();

  const bought = page
    .getByRole('region', { name: 'Your lite top-ups' })
    .getByRole('listitem')
    .filter({ hasText: 'Lite Top-up 1GB' })
    .filter({ hasText: `For ${line}` })
    .first();
  await expect(bought.getByText(/^Valid until \d{1,2} \w+ \d{4}$/)).toBeVisible({ timeout: 30_000 });
  await expect(bought.getByText(/^Your purchase is being set up/)).toHaveCount(0, { timeout: 30_000 });
  await expectAccessible(page);
  // The Booster page stays closed to this customer.
  await page.goto('/manage/booster');
  await expect(page).not.toHaveURL(/\/manage\/booster/);
});

test('a roaming pack is found by country, bought for a line and listed', async ({ page }, info) => {
  const line = lineOf(info.project.name);
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/manage/roaming');
  await expect(page).toHaveTitle('Roaming');
  await expect(page.getByRole('heading', { name: 'Roaming', level: 1 })).toBeVisible();

  const find = page.getByRole('region', { name: 'Find a roaming pack' });
  await find.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Japan' });
  await find.getByRole('radio', { name: 'Japan 6GB, 7 days' }).check();
  await find.getByRole('combobox', { name: 'Line', exact: true }).selectOption({ label: line });
  await expectAccessible(page);
  await find.getByRole('button', { name: 'Buy the chosen roaming pack' }).click();
  await expect(
    find.getByText(
      `Japan 6GB, 7 days for ${line}: $18.00 charged now to VISA •••• 4242. Valid for 7 days from now.`,
      { exact: true },
    ),
  ).toBeVisible();
  await find.getByRole('button', { name: 'Confirm buying Japan 6GB, 7 days' }).click();
  await expect(page.getByText('Data updated successfully')).toBeVisible();

  const pack = page
    .getByRole('region', { name: 'Your roaming packs' })
    .getByRole('region', { name: 'Non-shareable' })
    .getByRole('listitem')
    .filter({ hasText: 'Japan 6GB, 7 days' })
    .filter({ hasText: `For ${line}` })
    .first();
  await expect(pack.getByText(/^Valid until \d{1,2} \w+ \d{4}$/)).toBeVisible({ timeout: 30_000 });
  await expect(pack.getByRole('link', { name: `Details of Japan 6GB, 7 days for ${line}` })).toBeVisible();
  await expectAccessible(page);
});

test("a line's roaming cap is set and its roaming switched off and on, each kept after a reload", async ({
  page,
}, info) => {
  // One line per project, so the two never change the same one.
  const line = lineOf(info.project.name);
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/manage/roaming');
  await expect(page).toHaveTitle('Roaming');
  const ours = page
    .getByRole('region', { name: 'Roaming on your lines' })
    .getByRole('group', { name: line, exact: true });
  const roaming = ours.getByRole('switch', { name: `Roaming on ${line}` });

  await ours.getByRole('textbox', { name: `Cap for ${line} in dollars` }).fill('50');
  await ours.getByRole('button', { name: `Save the roaming cap for ${line}` }).click();
  await expect(page.getByText('Data updated successfully')).toBeVisible();
  await expect(ours.getByText('Cap: $50.00', { exact: true })).toBeVisible();
  await page.reload();
  await expect(ours.getByText('Cap: $50.00', { exact: true })).toBeVisible();
  await expect(ours.getByText(/^\$[\d,]+\.\d{2} of roaming charged this month$/)).toBeVisible();

  await expect(roaming).toBeChecked();
  await roaming.click();
  await expect(page.getByText('Data updated successfully')).toBeVisible();
  await expect(roaming).not.toBeChecked();
  await expect(roaming).toBeEnabled();
  await page.reload();
  await expect(roaming).not.toBeChecked();

  await roaming.click();
  await expect(page.getByText('Data updated successfully')).toBeVisible();
  await expect(roaming).toBeChecked();
  await expect(roaming).toBeEnabled();
  await expectAccessible(page);

  // The demo line is left as it was found: roaming on and no cap.
  await ours.getByRole('button', { name: `Remove the roaming cap for ${line}` }).click();
  await expect(ours.getByText('No cap is set.', { exact: true })).toBeVisible();
});
