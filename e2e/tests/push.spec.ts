import { formatSgMobile } from '@selfcare/domain';
import pg from 'pg';
import { E2E_DATABASE_URL, SANDBOX_URL } from '../playwright.config.ts';
import { activeWithProfile, liveLineCustomer } from './live-line.ts';
import {
  accountLanguage,
  allowAppNotifications,
  type Pushed,
  pushReadyBrowser,
  signedInWithNotifications,
  turnOnNotifications,
} from './push-browser.ts';
import { expect, expectAccessible, loginWithPassword, PASSWORD, test } from './support.ts';

/** Web Push (ADR 0060) with the portal's service worker, through the sandbox's push service (push-browser.ts). */
test.use({ serviceWorkers: 'allow' });

/**
 * Waits until every email, text and push of the customer's has been handled: a push is decided
 * (sent, or not, by the consent then) after its email goes.
 */
async function messagesSettled(email: string, userId: string) {
  const pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 1 });
  try {
    await expect
      .poll(
        async () =>
          (
            await pool.query(
              `SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'notification.%' AND state < 'completed'
                 AND (data->>'to' = $1 OR data->>'userId' = $2)`,
              [email, userId],
            )
          ).rows[0]?.n,
        { timeout: 30_000 },
      )
      .toBe(0);
  } finally {
    await pool.end();
  }
}

test('a customer turns on notifications, and a change to their line is pushed in their language, decrypted and shown; none without the consent', async ({
  page,
  context,
  request,
}) => {
  const me = await liveLineCustomer(request);
  await activeWithProfile(me.email);
  const browser = await pushReadyBrowser(page, context);

  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/myProfile');
  const section = page.getByRole('region', { name: 'Notifications on your devices' });
  await expect(section.getByText('No device shows notifications yet.')).toBeVisible();
  // The consent is off: the section says what sends them.
  await expect(
    section.getByText(/Notifications are sent only while App notifications is ticked/),
  ).toBeVisible();
  await turnOnNotifications(page);
  await expectAccessible(page);

  // Without the consent, a plan change's email goes, and no notification.
  const line = `+65 ${formatSgMobile(me.msisdn)} (Me)`;
  await page.goto('/manage/planChange');
  const region = page.getByRole('region', { name: line });
  await region
    .getByRole('combobox', { name: `New plan: ${line}` })
    .selectOption({ label: 'Plus 35 ($35.00 a month)' });
  await region.getByRole('button', { name: `Review the plan change for ${line}` }).click();
  await region.getByRole('button', { name: `Confirm the plan change for ${line}` }).click();
  await expect(page.getByText('Data updated successfully')).toBeVisible();
  // Its email is sent, and its push decided, before the consent is given.
  await expect
    .poll(async () => (await page.request.get(`${SANDBOX_URL}/inbox/api/messages?to=${me.email}`)).json(), {
      timeout: 30_000,
    })
    .toContainEqual(expect.objectContaining({ channel: 'email' }));
  await messagesSettled(me.email, me.userId);

  // With it, the next change to the line is pushed: a suspension's security alert, in the language
  // the customer chose.
  await allowAppNotifications(page);
  await page.goto('/manage/suspension');
  await page
    .getByRole('region', { name: line })
    .getByRole('link', { name: `Suspend ${line}` })
    .click();
  await page.getByRole('radio', { name: 'Travelling overseas for a while' }).check();
  // 简体中文, as the language switch keeps it on the account (set here, so the pages read so far
  // stay in English for this test's selectors).
  await accountLanguage(me.userId, 'zh');
  await page.getByRole('button', { name: 'Suspend this line now' }).click();
  await expect(page.getByText('Suspend service successfully')).toBeVisible();

  // The push service received one notification, the suspension's, and decrypted it: the plan
  // change, before the consent, was not pushed.
  await expect.poll(async () => (await browser.pushes()).length, { timeout: 30_000 }).toBe(1);
  await messagesSettled(me.email, me.userId);
  expect(await browser.pushes()).toHaveLength(1);
  const [received] = await browser.pushes();
  const pushed = received?.pushed as Pushed;
  expect(pushed.title).toBe(`您的线路已暂停服务：${formatSgMobile(me.msisdn)}`);
  expect(pushed.body).toContain(`您的线路 ${formatSgMobile(me.msisdn)} 已于`);
  expect(pushed.body).toContain('暂停服务');
  expect(pushed.link).toBe('/dashboard');

  // Handed to the service worker as the browser's push service would: it shows the notification.
  await browser.deliver(received?.text as string);
  await expect.poll(browser.shown).toEqual([{ title: pushed.title, body: pushed.body }]);

  // The inbox lists it beside the emails and texts, with its link.
  await page.getByRole('button', { name: /^Messages/ }).click();
  const inbox = page.getByRole('dialog');
  const notification = inbox
    .getByRole('listitem')
    .filter({ hasText: 'Notification' })
    .filter({ hasText: pushed.title });
  await expect(notification).toHaveCount(1);
  await expect(notification.getByRole('link', { name: /Open/ })).toHaveAttribute('href', '/dashboard');
});

test('signing out stops the notifications on that browser: the account no longer has it, and its subscription ends', async ({
  page,
  context,
  request,
}) => {
  const { me } = await signedInWithNotifications(page, context, request);

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  // The browser's subscription ended with the sign-out.
  expect(await page.evaluate(() => localStorage.getItem('e2e-push'))).toBeNull();
  // Signed in again, the account has no device showing its notifications.
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/myProfile');
  const section = page.getByRole('region', { name: 'Notifications on your devices' });
  await expect(section.getByText('No device shows notifications yet.')).toBeVisible();
});

test('a customer removes this device from their notifications on the profile: it is forgotten and unsubscribed', async ({
  page,
  context,
  request,
}) => {
  const { section } = await signedInWithNotifications(page, context, request);

  await section
    .getByRole('listitem')
    .getByRole('button', { name: /^Remove notifications on .+, turned on / })
    .click();
  await expect(section.getByRole('status')).toHaveText('Notifications are off for that device.');
  await expect(section.getByText('No device shows notifications yet.')).toBeVisible();
  // This browser's subscription ended with it, and the focus is on what came of it.
  expect(await page.evaluate(() => localStorage.getItem('e2e-push'))).toBeNull();
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.activeElement === document.body ? 'the page' : (document.activeElement?.textContent ?? ''),
      ),
    )
    .toContain('Notifications are off for that device.');
  await expectAccessible(page);
  // Still gone after a reload: the account no longer has it.
  await page.reload();
  await expect(section.getByText('No device shows notifications yet.')).toBeVisible();
});
