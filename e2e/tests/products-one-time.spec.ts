import { formatSgDay } from '@selfcare/domain';
import {
  DAY,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectWhole,
  isMobile,
  loginWithPassword,
  test,
} from './support.ts';

/**
 * One-time purchases charged to the saved card: a booster on /manage/booster and a roaming pack on
 * /manage/roaming for a demo customer's line. The demo customers' saved card is a VISA ending 4242.
 */
/** Today in Singapore (YYYY-MM-DD), and a day `n` days after a day. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', dateStyle: 'short' }).format(new Date());
const dayPlus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The active demo customer's 'Us' line these journeys buy for and change. */
const LINE = '+65 8100 0001 (Us)';
/**
 * The @phone journey runs at both widths, each on a line of its own, so that the two never buy for the
 * same one: the desktop's is LINE.
 */
const lineOf = (project: string) => (project === 'desktop' ? LINE : '+65 8100 0002 (Us)');

test('a one-time booster is bought after the card and price are shown, then listed and counted', async ({
  page,
}) => {
  // The Booster pages are for accounts with the booster flag: the demo's booster customer, for its one
  // line (a one-time booster can be bought again).
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
  await expect(bought.getByText(new RegExp(`^Valid until ${DAY}$`))).toBeVisible({ timeout: 30_000 });
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
}) => {
  // The active demo customer's lines have no booster flag: no Booster page, top-ups with the add-ons.
  const line = LINE;
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
  await expect(bought.getByText(new RegExp(`^Valid until ${DAY}$`))).toBeVisible({ timeout: 30_000 });
  await expect(bought.getByText(/^Your purchase is being set up/)).toHaveCount(0, { timeout: 30_000 });
  await expectAccessible(page);
  // The Booster page stays closed to this customer.
  await page.goto('/manage/booster');
  await expect(page).not.toHaveURL(/\/manage\/booster/);
});

test('a roaming pack is found by country, bought for a line and listed', async ({ page }) => {
  const line = LINE;
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
      `Japan 6GB, 7 days for ${line}: $18.00 charged now to VISA •••• 4242. Valid from ${formatSgDay(today())} to ${formatSgDay(dayPlus(today(), 7))}.`,
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
    // The next test may have bought the same pack for this line to start on a later day ("Valid
    // from … to …"), listed first; this one started today.
    .filter({ hasText: new RegExp(`Valid until ${DAY}`) })
    .first();
  await expect(pack.getByText(new RegExp(`^Valid until ${DAY}$`))).toBeVisible({ timeout: 30_000 });
  await expect(pack.getByRole('link', { name: `Details of Japan 6GB, 7 days for ${line}` })).toBeVisible();
  await expectAccessible(page);
});

test(
  'a roaming pack is bought to start on a later day, and the pack finder comes first on a phone',
  { tag: '@phone' },
  async ({ page }, info) => {
    const line = lineOf(info.project.name);
    if (isMobile(info.project.name)) await page.setViewportSize({ width: 390, height: 844 });
    await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/local$/);
    await page.goto('/manage/roaming');
    await expect(page).toHaveTitle('Roaming');
    const find = page.getByRole('region', { name: 'Find a roaming pack' });
    const caps = page.getByRole('region', { name: 'Roaming on your lines' });
    await expect(caps.getByRole('switch').first()).toBeVisible();
    const top = async (region: typeof find) => (await region.boundingBox())?.y ?? Number.NaN;
    // On a phone the finder is first; on a wide screen after the lines' roaming, as before.
    if (isMobile(info.project.name)) expect(await top(find)).toBeLessThan(await top(caps));
    else expect(await top(find)).toBeGreaterThan(await top(caps));

    await find.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Japan' });
    await find.getByRole('radio', { name: 'Japan 6GB, 7 days' }).check();
    await find.getByRole('combobox', { name: 'Line', exact: true }).selectOption({ label: line });
    const day = find.getByLabel('Start day');
    await expect(day).toHaveValue(today());
    // A day gone, or too far ahead, is refused on the field, and nothing is charged.
    await day.fill(dayPlus(today(), -1));
    await find.getByRole('button', { name: 'Buy the chosen roaming pack' }).click();
    await expect(
      find.getByText('The start day cannot be in the past. Choose today or a later day.'),
    ).toBeVisible();
    await expect(day).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await day.fill(dayPlus(today(), 31));
    await find.getByRole('button', { name: 'Buy the chosen roaming pack' }).click();
    await expect(find.getByText('The start day must be within 30 days from today.')).toBeVisible();

    const start = dayPlus(today(), 5);
    const valid = `Valid from ${formatSgDay(start)} to ${formatSgDay(dayPlus(start, 6))}`;
    await day.fill(start);
    await find.getByRole('button', { name: 'Buy the chosen roaming pack' }).click();
    await expect(
      find.getByText(`Japan 6GB, 7 days for ${line}: $18.00 charged now to VISA •••• 4242. ${valid}.`, {
        exact: true,
      }),
    ).toBeVisible();
    await expectAccessible(page);
    await find.getByRole('button', { name: 'Confirm buying Japan 6GB, 7 days' }).click();
    await expect(page.getByText('Data updated successfully')).toBeVisible();

    // At the network, waiting for its day: listed with both days.
    const pack = page
      .getByRole('region', { name: 'Your roaming packs' })
      .getByRole('listitem')
      .filter({ hasText: valid })
      .filter({ hasText: `For ${line}` })
      .first();
    await expect(pack).toBeVisible({ timeout: 30_000 });
    await expect(pack.getByText(/^Your purchase is being set up/)).toHaveCount(0, { timeout: 30_000 });
    await expectAccessible(page);

    // Listed with the payments on /bills, every field whole at a phone's width.
    await page.goto('/bills');
    const paid = page
      .getByRole('region', { name: 'Card purchases and refunds' })
      .getByRole('row')
      .filter({ hasText: 'Japan 6GB, 7 days' })
      .first();
    await expect(paid).toBeVisible();
    for (const cell of await paid.getByRole('cell').all()) await expectWhole(cell, 'a card purchase field');
    await expectWhole(paid.getByText('$18.00'), "the purchase's amount");
  },
);

test("a line's roaming cap is set and its roaming switched off and on, each kept after a reload", async ({
  page,
}) => {
  const line = LINE;
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
