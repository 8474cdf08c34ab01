import type { Page } from '@playwright/test';
import { formatSgMobile } from '@selfcare/domain';
import pg from 'pg';
import { BASE_URL, E2E_DATABASE_URL, SANDBOX_URL } from '../playwright.config.ts';
import { activeWithProfile, liveLineCustomer } from './live-line.ts';
import { expect, expectAccessible, loginWithPassword, PASSWORD, test } from './support.ts';

/**
 * Web Push (ADR 0060) with the portal's service worker. Chromium here reaches no push service of its
 * own, so the browser's subscription is one the sandbox's push service made (PushManager answers
 * with it); everything after is real: the page keeps it for the account, the API encrypts and signs
 * each notification for it, the sandbox checks the signature and decrypts, and the decrypted
 * message is handed to the service worker as its push service would, which shows it.
 */
test.use({ serviceWorkers: 'allow' });

interface SandboxSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** PushManager, as a browser whose push service made `sub`: subscribed once asked, across reloads. */
async function browserSubscribedAs(page: Page, sub: SandboxSubscription) {
  await page.addInitScript((s: SandboxSubscription) => {
    const bytes = (b64: string) =>
      Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const subscription = {
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: (name: 'p256dh' | 'auth') => bytes(s.keys[name]),
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: async () => {
        localStorage.removeItem('e2e-push');
        return true;
      },
    };
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem('e2e-push', '1');
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      (localStorage.getItem('e2e-push') ? subscription : null) as unknown as PushSubscription;
  }, sub);
}

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

const pushesTo = async (page: Page, id: string) =>
  (await (await page.request.get(`${SANDBOX_URL}/inbox/api/messages?to=${id}`)).json()) as {
    channel: string;
    subject: string | null;
    text: string;
  }[];

test('a customer turns on notifications, and a change to their line is pushed in their language, decrypted and shown; none without the consent', async ({
  page,
  context,
  request,
}) => {
  const me = await liveLineCustomer(request);
  await activeWithProfile(me.email);
  const sub = (await (
    await request.post(`${SANDBOX_URL}/push/api/subscriptions`)
  ).json()) as SandboxSubscription;
  await context.grantPermissions(['notifications'], { origin: BASE_URL });
  await browserSubscribedAs(page, sub);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');

  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/myProfile');
  const section = page.getByRole('region', { name: 'Notifications on your devices' });
  await expect(section.getByText('No device shows notifications yet.')).toBeVisible();
  // The consent is off: the section says what sends them.
  await expect(
    section.getByText(/Notifications are sent only while App notifications is ticked/),
  ).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
  await expect(section.getByRole('status')).toHaveText('Notifications are on for this device.');
  await expect(section.getByRole('listitem')).toContainText('This device');
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
  await page.goto('/profile/myProfile');
  await page
    .getByRole('group', { name: 'News and offers from us, by' })
    .getByRole('checkbox', { name: 'App notifications' })
    .check();
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByText('Update Profile successfully.')).toBeVisible();
  await page.goto('/manage/suspension');
  await page
    .getByRole('region', { name: line })
    .getByRole('link', { name: `Suspend ${line}` })
    .click();
  await page.getByRole('radio', { name: 'Travelling overseas for a while' }).check();
  // 简体中文, as the language switch keeps it on the account (set here, so the pages read so far
  // stay in English for this test's selectors).
  const pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 1 });
  await pool.query(`UPDATE users SET language = 'zh' WHERE id = $1`, [me.userId]).finally(() => pool.end());
  await page.getByRole('button', { name: 'Suspend this line now' }).click();
  await expect(page.getByText('Suspend service successfully')).toBeVisible();

  // The push service received one notification, the suspension's, and decrypted it: the plan
  // change, before the consent, was not pushed.
  await expect.poll(async () => (await pushesTo(page, sub.id)).length, { timeout: 30_000 }).toBe(1);
  await messagesSettled(me.email, me.userId);
  expect(await pushesTo(page, sub.id)).toHaveLength(1);
  const [received] = await pushesTo(page, sub.id);
  const pushed = JSON.parse(received?.text ?? '{}') as { title: string; body: string; link: string };
  expect(pushed.title).toBe(`您的线路已暂停服务：${formatSgMobile(me.msisdn)}`);
  expect(pushed.body).toContain(`您的线路 ${formatSgMobile(me.msisdn)} 已于`);
  expect(pushed.body).toContain('暂停服务');
  expect(pushed.link).toBe('/dashboard');

  // Handed to the service worker as the browser's push service would: it shows the notification.
  const registration = registrations.find((r) => r.scopeURL === `${BASE_URL}/`);
  expect(registration).toBeDefined();
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: BASE_URL,
    registrationId: registration?.registrationId as string,
    data: received?.text as string,
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
        })),
      ),
    )
    .toEqual([{ title: pushed.title, body: pushed.body }]);

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
