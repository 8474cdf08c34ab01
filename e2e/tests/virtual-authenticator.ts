import type { BrowserContext, Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator on `page` (DevTools' WebAuthn domain): a platform authenticator
 * that holds discoverable credentials and verifies its user, as a phone's fingerprint or a laptop's
 * screen lock does, and answers without a prompt. The session and the authenticator's id, to read or
 * clear what it holds.
 */
export async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
