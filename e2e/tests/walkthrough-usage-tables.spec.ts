import type { Locator } from '@playwright/test';
import { liveLineCustomer, usedAbroadToday } from './live-line.ts';
import {
  expect,
  expectAccessible,
  expectWhole,
  isMobile,
  loginWithPassword,
  PASSWORD,
  test,
} from './support.ts';

/**
 * The walk-through's phone (390 px) on the usage pages' tables by country and the IDD rates, beside
 * walkthrough-defects' bills', orders', SIMs' and usage records' tables: every cell whole.
 */
test.beforeEach(async ({ page }, info) => {
  if (isMobile(info.project.name)) await page.setViewportSize({ width: 390, height: 844 });
});

/** A country's row and the totals' row: the country, each figure and the total charge, whole. */
async function expectRowsWhole(table: Locator, what: string) {
  const country = table.getByRole('row').nth(1);
  const total = table.getByRole('row').filter({ hasText: 'Total' });
  for (const row of [country, total]) {
    await expect(row).toBeVisible();
    await expectWhole(row.getByRole('rowheader'), `${what}: the country`);
    for (const cell of await row.getByRole('cell').all()) await expectWhole(cell, `${what}: a figure`);
  }
  await expectWhole(total.getByText(/^\$\d+\.\d\d$/), `${what}: the total charge`);
}

test('the international summary by country and the IDD rates show every cell whole', {
  tag: '@phone',
}, async ({ page, request }) => {
  const me = await liveLineCustomer(request);
  await usedAbroadToday(me.msisdn, 'idd');
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/dashboard/international');
  const abroad = page.getByRole('table', { name: /^International calls and SMS by country/ });
  await expectRowsWhole(abroad, 'IDD use');
  await expectAccessible(page);

  await page.goto('/manage/globalSMS');
  const malaysia = page.getByRole('row').filter({ hasText: 'Malaysia' });
  await expect(malaysia.getByRole('cell')).toHaveCount(3);
  await expectWhole(malaysia.getByRole('rowheader'), 'a destination');
  for (const cell of await malaysia.getByRole('cell').all()) await expectWhole(cell, 'a rate');
  await expectAccessible(page);
});

test('the roaming summary by country shows every cell whole', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  const me = await liveLineCustomer(request);
  await usedAbroadToday(me.msisdn);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/dashboard/roamingUsage');
  const roaming = page.getByRole('table', { name: /^Roaming use by country/ });
  await expectRowsWhole(roaming, 'Roaming use');
  await expect(roaming.getByRole('row').nth(1)).toContainText('Japan');
  await expectAccessible(page);
});
