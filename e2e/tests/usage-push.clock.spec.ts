import { bundleMonth } from '@selfcare/domain';
import { SANDBOX_URL } from '../playwright.config.ts';
import { accountLanguage, allowAppNotifications, signedInWithNotifications } from './push-browser.ts';
import { expect, expectAccessible, test } from './support.ts';

test.use({ serviceWorkers: 'allow' });

/**
 * A usage alert as a customer gets it on their phone (ADR 0060): their line uses its month's data at
 * the sandbox MVNE, the portal imports the records, reads the line's buckets, and sends the alert by
 * SMS, by email and, with the App notifications consent, as a push in the customer's language,
 * which the sandbox's push service decrypts and the portal's service worker shows.
 *
 * Use happens as the MVNE's clock passes whole hours, so this moves the sandbox clock and runs in the
 * `clock` project (playwright.config.ts), never beside the journeys.
 */
test("a line's month of data used up: the alert is pushed in the customer's language, shown, and in the inbox beside its SMS and email", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const { me, browser } = await signedInWithNotifications(page, context, request);
  await allowAppNotifications(page);
  // 简体中文, as the language switch keeps it on the account (the pages stay in English here).
  await accountLanguage(me.userId, 'zh');

  // This line becomes a heavy user (500 sessions a day of 1 GB on average; the network's other lines
  // as they were), and the MVNE's clock moves on twelve hours, within one bundle month: its
  // 20GB are used up whatever the time of day (a night's hours are the quietest).
  const heavy = await request.put(`${SANDBOX_URL}/sandbox/api/mvne/traffic?serviceId=${me.serviceId}`, {
    data: { dataSessionsPerDay: 500, meanSessionMb: 1024 },
  });
  expect(heavy.status(), await heavy.text()).toBe(200);
  const now = new Date(
    ((await (await request.get(`${SANDBOX_URL}/sandbox/api/clock`)).json()) as { now: string }).now,
  );
  let at = new Date(now.getTime() + 12 * 3600_000);
  const month = bundleMonth(at).start;
  if (month > now) at = new Date(month.getTime() + 12 * 3600_000);
  const moved = await request.post(`${SANDBOX_URL}/sandbox/api/clock`, { data: { at: at.toISOString() } });
  expect(moved.status()).toBe(200);

  // The alert at 100% (the higher of two passed at once says it all), pushed and decrypted.
  const title = `线路 ${me.msisdn} 的数据已用完`;
  await expect
    .poll(async () => (await browser.pushes()).map((p) => p.pushed.title), { timeout: 120_000 })
    .toContain(title);
  const received = (await browser.pushes()).find((p) => p.pushed.title === title);
  expect(received?.channel).toBe('push');
  expect(received?.pushed).toEqual({
    title,
    body: `本月线路 ${me.msisdn} 的数据已用完。配套续期前，额外使用的数据按超出配套收费；购买附加配套更划算。`,
    link: '/dashboard/local',
    lang: 'zh-Hans-SG',
    tag: `usage-${me.msisdn}-data`,
  });

  // Handed to the service worker as the browser's push service would: it shows the notification, in
  // place of the line's alert at 80% shown before it (the same tag). The 80% one is made here from
  // the 100% one (the line passed both at once); that the server tags an 80% alert alike is the API
  // test's (usage-alert-language.api.test.ts).
  const earlier = { ...received?.pushed, title: `线路 ${me.msisdn} 已使用 80% 的数据`, body: '…' };
  await browser.deliver(JSON.stringify(earlier));
  await expect.poll(browser.shown).toEqual([{ title: earlier.title, body: earlier.body }]);
  await browser.deliver(received?.text as string);
  await expect.poll(browser.shown).toEqual([{ title: received?.pushed.title, body: received?.pushed.body }]);

  // The bell lists the push beside the alert's SMS and email, each linked to the usage page.
  const bell = page.getByRole('button', { name: /^Messages/ });
  const inbox = page.getByRole('dialog', { name: 'Messages from the last 90 days' });
  const sent = inbox.getByRole('listitem');
  const alert = {
    push: sent.filter({ hasText: /^Notification/ }).filter({ hasText: title }),
    email: sent.filter({ hasText: /^Email/ }).filter({ hasText: title }),
    sms: sent.filter({ hasText: /^SMS/ }).filter({ hasText: '本月您的数据已用完' }),
  };
  await expect(async () => {
    await page.keyboard.press('Escape');
    await bell.click();
    for (const message of Object.values(alert)) await expect(message).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  for (const message of Object.values(alert))
    await expect(message.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/dashboard/local');
  await expectAccessible(page);

  // Its link opens the line's usage: nothing left of the month's data.
  await alert.push.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/dashboard\/local$/);
  await expect(
    page
      .getByRole('region', { name: new RegExp(`${me.msisdn.slice(0, 4)} ${me.msisdn.slice(4)}`) })
      .getByRole('progressbar', { name: /^Data: / }),
  ).toHaveAttribute('aria-label', /^Data: 0(\.00)? ?[GMK]?B left of 20(\.00)? ?GB$/);
});
