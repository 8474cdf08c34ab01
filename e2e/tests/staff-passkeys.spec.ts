import { generate } from 'otplib';
import { DEMO_PASSWORD, expect, expectAccessible, staffSignIn, test } from './support.ts';
import { virtualAuthenticator } from './virtual-authenticator.ts';

/**
 * Staff's passkeys (ADR 0059) with Chromium's virtual authenticator (discoverable credentials, the
 * user verified): a staff member adds one in the console, signs in with the password and it instead
 * of the authenticator code, and removes it; the code still signs them in, and the passkey never
 * without the password.
 */
test('a staff member adds a passkey, signs in with it and the password instead of the code, and removes it', async ({
  page,
  context,
  staffMember,
}) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
  const staff = await staffMember('agent');
  await staffSignIn(page, staff);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Passkeys' }).click();
  await expect(page.getByRole('heading', { name: 'Your passkeys', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no passkey yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your passkey was added. You can now log in with it instead of the authenticator code.',
  );
  const passkey = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(passkey).toHaveCount(1);
  await expect(passkey).toContainText('Chrome (Windows)');
  await expect(passkey).toContainText('not used yet');
  await expectAccessible(page);

  // Signed out, the password and the passkey sign in, with no code; a wrong password does not.
  const signOut = () => page.getByRole('button', { name: 'Sign out' }).click();
  const withPasskey = async (password: string) => {
    await page.getByRole('textbox', { name: 'Email' }).fill(staff.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in with a passkey instead of the code' }).click();
  };
  await signOut();
  await expect(page).toHaveURL(/\/staff\/login$/);
  await withPasskey('Wrong#Pass123');
  await expect(page.getByRole('alert')).toHaveText('The email, password or passkey is incorrect.');
  await withPasskey(DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Order queue' })).toBeVisible();
  await page.getByRole('link', { name: 'Passkeys' }).click();
  await expect(passkey).toContainText('last used');

  // Removed, it signs in no more, though the device still holds it; the code does.
  await passkey.getByRole('button', { name: /^Remove the passkey Chrome \(Windows\) added / }).click();
  await expect(page.getByRole('status')).toHaveText(
    'The passkey was removed. You can still log in with the authenticator code.',
  );
  // Its button gone, the focus is on what came of it, not back at the page's top.
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.activeElement === document.body ? 'the page' : (document.activeElement?.textContent ?? ''),
      ),
    )
    .toContain('The passkey was removed.');
  await expect(page.getByText('You have no passkey yet.')).toBeVisible();
  await signOut();
  await expect(page).toHaveURL(/\/staff\/login$/);
  await withPasskey(DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('The email, password or passkey is incorrect.');
  // A device holding none for the portal refuses in the browser, and the page says so.
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  await withPasskey(DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(
    'No passkey was used. Try again, or sign in with the authenticator code.',
  );
  // The authenticator's next code (this one opened the first session, and a code opens one).
  await page
    .getByRole('textbox', { name: 'Authenticator code' })
    .fill(await generate({ secret: staff.secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Order queue' })).toBeVisible();
});
