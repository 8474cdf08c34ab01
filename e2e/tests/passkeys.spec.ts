import { activeWithProfile } from './live-line.ts';
import {
  expect,
  expectAccessible,
  loginWithPassword,
  PASSWORD,
  registeredCustomer,
  test,
  waitForMessage,
} from './support.ts';
import { virtualAuthenticator } from './virtual-authenticator.ts';

/**
 * Passkeys (ADR 0059) with Chromium's virtual authenticator: a platform authenticator that holds
 * discoverable credentials and verifies its user, as a phone's fingerprint or a laptop's screen lock
 * does. The customer adds one on their profile, signs in with it from /login, and removes it; the
 * password still works after.
 */
test('a customer adds a passkey on their profile, logs in with it, and removes it; the password still works', async ({
  page,
  context,
  request,
}) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
  const c = await registeredCustomer(request);
  await activeWithProfile(c.email, {});

  await loginWithPassword(page, c.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/myProfile');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('Your passkey was added. You can now log in with it.');
  // Named after the browser and system it was made on (the desktop device's Chrome on Windows).
  const passkey = section.getByRole('listitem');
  await expect(passkey).toHaveCount(1);
  await expect(passkey).toContainText('Chrome (Windows)');
  await expect(passkey).toContainText('not used yet');
  await expectAccessible(page);
  const held = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(held.credentials).toHaveLength(1);
  expect(held.credentials[0]?.isResidentCredential).toBe(true);
  // A new way into the account is told to its holder.
  await waitForMessage(request, c.email, (m) => m.subject === 'A passkey was added to your account');

  // Signed out, the passkey signs the customer in from /login: no address, no password.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile/myProfile');
  await expect(passkey).toContainText('last used');

  await section.getByRole('button', { name: /^Remove the passkey Chrome \(Windows\) added / }).click();
  await expect(section.getByRole('status')).toHaveText(
    'The passkey was removed. You can still log in with your password or a one-time code.',
  );
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The device still holds it, but the account no longer takes it; the password still signs in.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This passkey could not log you in. Please log in with your password or a one-time code.',
  );
  await expectAccessible(page);
  // With no passkey on the device at all, the browser's refusal is told as such.
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('No passkey was used.');
  await loginWithPassword(page, c.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
});
