import { bundleMonth } from '@selfcare/domain';
import { SANDBOX_URL } from '../playwright.config.ts';
import { DEMO_PASSWORD, expect, expectAccessible, loginWithPassword, test } from './support.ts';

/** active@'s main line: Plus 35 (300GB of data, unlimited calls and SMS), data rollover on. */
const ME = '+65 9100 0004 (Me)';

/**
 * The MVNE's clock passes 00:00 Singapore time on the 1st: the bundle renews, and the main line, with
 * data rollover on, carries what it had left (at most a month's allowance) into a rollover bucket,
 * which is used first.
 *
 * The sandbox clock is every test's MVNE and bank clock, and the portal's own clock does not move with
 * it: from here on the MVNE would start what a customer buys on the 1st, a day the portal has not
 * reached. So this runs in the `clock` project, after Lighthouse on that server, and never beside the
 * journeys (playwright.config.ts).
 */
test('past the 1st the bundle renews and the data left rolls over, used first', async ({ page, request }) => {
  await loginWithPassword(page, 'active@demo.selfcare.sg', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  const me = page.getByRole('region', { name: ME });
  const data = me.getByRole('progressbar', { name: /^Data: / });
  const before = Number(/(\d+\.\d\d) GB left/.exec((await data.getAttribute('aria-label')) ?? '')?.[1]);
  expect(before).toBeGreaterThan(0);

  // In a month's first hours the line already shows the rollover carried into it, untouched while
  // the night is quiet: the one after the move is told from it by its expiry.
  const rollover = me.getByRole('progressbar', { name: /^Rollover data: / });
  const expiry = me.getByText(/^Expires on /);
  const expiresBefore = (await rollover.count()) > 0 ? await expiry.first().textContent() : null;

  const clock = await (await request.get(`${SANDBOX_URL}/sandbox/api/clock`)).json();
  const renewal = bundleMonth(new Date(clock.now)).end;
  const moved = await request.post(`${SANDBOX_URL}/sandbox/api/clock`, {
    data: { at: new Date(renewal.getTime() + 14 * 3600_000).toISOString() },
  });
  expect(moved.status()).toBe(200);

  // Balances are kept 30 s: the page shows the renewal within a minute.
  await expect(async () => {
    await page.reload();
    await expect(rollover).toBeVisible({ timeout: 3000 });
    expect(await expiry.first().textContent()).not.toBe(expiresBefore);
  }).toPass({ timeout: 60_000 });
  // Fourteen hours into the month (the night is quiet: a line may browse nothing before 02:00), drawn
  // from the rollover only: the month's plan data is whole.
  await expect(data).toHaveAttribute('aria-label', 'Data: 300.00 GB left of 300.00 GB');
  const [, left, carried] = /([\d.]+) GB left of ([\d.]+) GB/.exec(
    (await rollover.getAttribute('aria-label')) ?? '',
  ) as unknown as [string, string, string];
  expect(Number(carried)).toBeGreaterThan(0);
  expect(Number(carried)).toBeLessThanOrEqual(before);
  expect(Number(left)).toBeLessThan(Number(carried));
  await expect(me.getByText(/^Expires on /)).toBeVisible();
  await expectAccessible(page);
});
