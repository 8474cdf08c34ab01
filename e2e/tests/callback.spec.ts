import type { Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { expect, signInWithSingpass, test } from './support.ts';

const PORTAL = new URL(BASE_URL);
/** MockPass, the identity provider, which hands the code on between its own pages. */
const IDENTITY_PROVIDER_PORT = String(Number(PORTAL.port) + 200);

/**
 * Every request the page makes to the attacker's site, or that carries an authorisation code to a
 * host other than the portal (MockPass's pages load web fonts, which carry nothing).
 */
function watchLeaks(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    const trusted = url.host === PORTAL.host || url.port === IDENTITY_PROVIDER_PORT;
    if (url.hostname.includes('evil') || (!trusted && url.searchParams.has('code'))) seen.push(r.url());
  });
  return seen;
}

const PAYLOADS = [
  '/\\evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\r/evil.example',
  '/\n/evil.example',
  '//evil.example',
  'https://evil.example/getStarted',
  'javascript:alert(document.domain)',
];

test('/callback returns only to the page that started the round trip, and the code goes nowhere else', async ({
  page,
}) => {
  const elsewhere = watchLeaks(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  for (const ref of PAYLOADS) {
    const state = JSON.stringify({ ref, nonce: 'n'.repeat(43) });
    await page.goto(`/callback?code=stolen-code&state=${encodeURIComponent(state)}`);
    // Signed out, home is the login page; the code is not carried there.
    await expect(page, JSON.stringify(ref)).toHaveURL(`${BASE_URL}/login`);
    expect(page.url()).not.toContain('stolen-code');
  }
  expect(elsewhere).toEqual([]);
  expect(dialogs).toEqual([]);
});

test("a Singpass link whose state was edited to send the code away leaves the victim's code on the portal", async ({
  page,
  request,
}) => {
  // The attacker starts a Singpass login of their own and edits where it returns to.
  const start = await request.get('/api/v1/auth/kyc/authoriseUrl');
  expect(start.status()).toBe(200);
  const link = new URL(((await start.json()) as { data: { url: string } }).data.url);
  const issued = JSON.parse(link.searchParams.get('state') as string) as { ref: string; nonce: string };
  link.searchParams.set('state', JSON.stringify({ ...issued, ref: '/\\evil.example' }));

  // The victim follows the link and signs in with Singpass.
  const elsewhere = watchLeaks(page);
  let returned: URL | undefined;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/callback') returned = url;
  });
  await page.goto(link.toString());
  await signInWithSingpass(page, 'S9812381D');
  await expect(page).toHaveURL(`${BASE_URL}/login`);
  expect(page.url()).not.toContain('code=');
  expect(elsewhere).toEqual([]);

  // Even holding the victim's code, the attacker's edited state is refused by the server.
  const code = returned?.searchParams.get('code');
  expect(code).toBeTruthy();
  const redeem = await request.post('/api/v1/auth/loginByKyc', {
    data: { code, state: returned?.searchParams.get('state'), orderNumber: 'SC000001' },
  });
  expect(redeem.status()).toBe(400);
});
