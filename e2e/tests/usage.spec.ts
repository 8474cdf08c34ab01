import { readFile } from 'node:fs/promises';
import { monthHasUse } from './live-line.ts';
import {
  DAY,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  isMobile,
  loginWithPassword,
  test,
} from './support.ts';

/** active@'s main line: Plus 35 (300GB of data, unlimited calls and SMS), data rollover on. */
const ME = '+65 9100 0004 (Me)';

test('an active customer sees each line’s buckets, the daily chart and the records, and downloads them', {
  tag: '@phone',
}, async ({ page }) => {
  await monthHasUse('91000004');
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await expect(page.getByRole('heading', { name: 'Local Usage', level: 1 })).toBeVisible();
  const me = page.getByRole('region', { name: ME });
  await expect(
    me.getByRole('progressbar', { name: /^Data: \d+\.\d\d GB left of 300\.00 GB$/ }),
  ).toBeVisible();
  await expect(me.getByText('Unlimited')).toHaveCount(2);
  // Both 'Us' lines, on Lite 10: 20GB, 100 minutes, 100 SMS.
  for (const number of ['+65 8100 0001 (Us)', '+65 8100 0002 (Us)']) {
    const us = page.getByRole('region', { name: number });
    await expect(
      us.getByRole('progressbar', { name: /^Data: \d+\.\d\d GB left of 20\.00 GB$/ }),
    ).toBeVisible();
    // A bar may be empty (all 100 minutes used): it is there, with its figures, however wide.
    await expect(us.getByRole('progressbar', { name: /^Talk time: \d+ min left of 100 min$/ })).toHaveCount(
      1,
    );
    await expect(us.getByRole('progressbar', { name: /^SMS: \d+ SMS left of 100 SMS$/ })).toHaveCount(1);
  }
  await expect(page.getByText(/^Your bundle renews on /)).toBeVisible();
  // The month's history is there: the chart, and its figures for screen readers.
  const daily = page.getByRole('region', { name: 'Daily use this month' });
  // The chart loads as its place nears the screen.
  await daily.scrollIntoViewIfNeeded();
  await expect(
    daily.getByRole('img', { name: 'Bar chart of data used per day this month, in GB' }),
  ).toBeVisible();
  await expect(daily.getByText(/^Data used this month: \d+\.\d\d GB$/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'View usage records' }).click();
  await expect(page).toHaveURL(/\/dashboard\/local\/detail$/);
  await expect(page).toHaveTitle('Local Usage Detail');
  const table = page.getByRole('table').filter({ hasText: 'Usage records from' });
  // The demo lines have used their plans since the month began: records are listed, newest first.
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  await expect(table.getByRole('row').filter({ hasText: '+65 9100 0004' }).first()).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await file.path(), 'utf8')).trim().split('\n');
  expect(csv[0]).toMatch(/^Date and time \(SGT\),Number,Type,/);
  expect(csv.length).toBeGreaterThan(1);
});

test(
  'the daily chart writes each figure on its axis with its unit, on one line, at either width',
  { tag: '@phone' },
  async ({ page }, info) => {
    // The walk-through's phone: 390 px wide.
    if (isMobile(info.project.name)) await page.setViewportSize({ width: 390, height: 844 });
    await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/local$/);
    const daily = page.getByRole('region', { name: 'Daily use this month' });
    await daily.scrollIntoViewIfNeeded();
    const chart = daily.getByRole('img', { name: 'Bar chart of data used per day this month, in GB' });
    await expect(chart).toBeVisible();
    const ticks = chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await expect(ticks.first()).toBeVisible();
    const labels = await ticks.evaluateAll((all) =>
      all.map((el) => {
        const box = el.getBoundingClientRect();
        const chartBox = (el.closest('svg') as SVGSVGElement).getBoundingClientRect();
        return {
          text: el.textContent,
          lines: el.querySelectorAll('tspan').length,
          // Within the chart, to the pixel.
          inside: box.left >= chartBox.left - 1,
        };
      }),
    );
    expect(labels.length).toBeGreaterThan(1);
    // '0.45 GB' on a line of its own, whole: not '0.45' over 'GB', nor '0.45GB GB'.
    for (const label of labels)
      expect(label).toEqual({ text: expect.stringMatching(/^\d+(\.\d+)? GB$/), lines: 1, inside: true });
  },
);

test('the other dashboards: each line on its own, calls and SMS abroad, and roaming by bundle', async ({
  page,
}) => {
  await monthHasUse('91000004');
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);

  await page.goto('/dashboard/localIndividual');
  await expect(page).toHaveTitle('Local Usage (Individual Lines)');
  const us = page.getByRole('region', { name: '+65 8100 0001 (Us)' });
  await us.getByRole('link', { name: /^Totals/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/localIndividual\/[0-9a-f-]+\/total$/);
  await expect(page.getByText(/^Data used/).first()).toBeVisible();
  await expectAccessible(page);

  await page.goto('/dashboard/international');
  await expect(page).toHaveTitle('International Usage');
  // A month of the demo lines' use has calls and SMS to numbers abroad, each with its charge.
  const abroad = page.getByRole('table', { name: /^International calls and SMS by country/ });
  await expect(abroad.getByRole('row').filter({ hasText: 'Total' })).toContainText('$');
  await expectAccessible(page);

  await page.goto('/dashboard/roamingUsage');
  await expect(page).toHaveTitle('Roaming Usage');
  // Plus 35 gives 5GB of roaming data: the plan's own bundle, in the Plan group.
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByRole('progressbar', { name: /GB left of 5\.00 GB$/ })).toBeVisible();
  await plan
    .getByRole('link', { name: /^Details/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/roamingUsage\/.+\/detail$/);
  await expect(page).toHaveTitle('Roaming Usage Detail');
  await expectAccessible(page);
});

test('data rollover is switched on for an Us line, from the next renewal', async ({ page }) => {
  const number = '+65 8100 0001';
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  // Signed in (the session is stored) before the address changes.
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await page.goto('/manage/policyControl');
  await expect(page).toHaveTitle('Data Rollover');
  // Unlimited data on none of these lines: each has its switches.
  const rollover = page.getByRole('switch', { name: `Data rollover for ${number} (Us)` });
  await expect(rollover).not.toBeChecked();
  await rollover.click();
  await expect(page.getByText('Data updated successfully')).toBeVisible();
  await expect(page.getByText(new RegExp(`^Takes effect on ${DAY}$`))).toBeVisible();
  await expect(rollover).toBeChecked();
  await expectAccessible(page);
  // Kept: a fresh page shows it on.
  await page.reload();
  await expect(page.getByRole('switch', { name: `Data rollover for ${number} (Us)` })).toBeChecked();
});
