import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { customer, sessionOf } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import VerifyAccountPage from './verify-account-page.tsx';

const signedIn = (over: Parameters<typeof customer>[0]) => {
  session.set({ ...sessionOf('token-1'), authUser: customer(over) });
  renderPage(<VerifyAccountPage />);
};

afterEach(() => session.clear());

describe("'/' for a login whose service is not online", () => {
  it("tells an 'Us' line's user that their line is being prepared and to ask the account holder", async () => {
    signedIn({ isMainLine: false, status: 1, email: null });
    expect(await screen.findByRole('heading', { name: 'Your line is being prepared' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('its SIM is on its way to you, or it is waiting to be activated');
    expect(text).toContain('please ask them');
    expect(text).not.toContain('not available online yet');
  });

  it('keeps the general message for a verified main line that cannot use the portal', async () => {
    signedIn({ isMainLine: true, status: 9 });
    expect(await screen.findByText(/This service is not available online yet/)).toBeTruthy();
  });
});
