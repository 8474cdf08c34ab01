import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import pg from 'pg';
import { BASE_URL, E2E_DATABASE_URL, SANDBOX_URL } from '../playwright.config.ts';
import { activeWithProfile, liveLineCustomer } from './live-line.ts';
import { expect, loginWithPassword, PASSWORD } from './support.ts';

/**
 * A browser whose push service is the sandbox's (ADR 0060). Chromium here reaches no push service of
 * its own, so the browser's subscription is one the sandbox's push service made (PushManager answers
 * with it); everything after is real: the page keeps it for the account, the API encrypts and signs
 * each notification for it, the sandbox checks the signature and decrypts, and the decrypted message
 * is handed to the service worker as its push service would (`deliver`), which shows it.
 */
export interface SandboxSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the sandbox's push service received for a subscription, decrypted. */
export interface Pushed {
  title: string;
  body: string;
  link: string;
  lang: string;
  tag?: string;
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
 * Readies `page` for push: a subscription at the sandbox's push service, the notification permission
 * granted, and the portal's service worker watched so that a push can be handed to it.
 */
export async function pushReadyBrowser(page: Page, context: BrowserContext) {
  const sub = (await (
    await page.request.post(`${SANDBOX_URL}/push/api/subscriptions`)
  ).json()) as SandboxSubscription;
  await context.grantPermissions(['notifications'], { origin: BASE_URL });
  await browserSubscribedAs(page, sub);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');

  return {
    sub,
    /** Everything the push service received for this browser, decrypted, oldest first. */
    pushes: async () =>
      (
        (await (await page.request.get(`${SANDBOX_URL}/inbox/api/messages?to=${sub.id}`)).json()) as {
          channel: string;
          text: string;
        }[]
      ).map((m) => ({ ...m, pushed: JSON.parse(m.text) as Pushed })),
    /** Hands `text`, as received, to the portal's service worker, as the browser's push service would. */
    deliver: async (text: string) => {
      // The portal's registration as DevTools last reported it, not one it has since deleted.
      const registration = registrations.filter((r) => r.scopeURL === `${BASE_URL}/`).at(-1);
      expect(registration?.isDeleted).toBe(false);
      expect(registration).toBeDefined();
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: BASE_URL,
        registrationId: registration?.registrationId as string,
        data: text,
      });
    },
    /** The notifications the portal's service worker shows. */
    shown: () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
        })),
      ),
  };
}

/** Turns notifications on for this browser on /profile/myProfile, where the page is. */
export async function turnOnNotifications(page: Page) {
  const section = page.getByRole('region', { name: 'Notifications on your devices' });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
  await expect(section.getByRole('status')).toHaveText('Notifications are on for this device.');
  await expect(section.getByRole('listitem')).toContainText('This device');
  return section;
}

/** Ticks the "App notifications" consent on /profile/myProfile, and saves it. */
export async function allowAppNotifications(page: Page) {
  await page.goto('/profile/myProfile');
  await page
    .getByRole('group', { name: 'News and offers from us, by' })
    .getByRole('checkbox', { name: 'App notifications' })
    .check();
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByText('Update Profile successfully.')).toBeVisible();
}

/** The account's language, as the language switch keeps it (ADR 0055), set without the pages following. */
export async function accountLanguage(userId: string, language: string) {
  const pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 1 });
  await pool
    .query(`UPDATE users SET language = $2 WHERE id = $1`, [userId, language])
    .finally(() => pool.end());
}

/**
 * A customer with a live line, signed in on a browser ready for push (`pushReadyBrowser`), who
 * turned notifications on for it on the profile.
 */
export async function signedInWithNotifications(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
) {
  const me = await liveLineCustomer(request);
  await activeWithProfile(me.email);
  const browser = await pushReadyBrowser(page, context);
  await loginWithPassword(page, me.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/myProfile');
  return { me, browser, section: await turnOnNotifications(page) };
}
