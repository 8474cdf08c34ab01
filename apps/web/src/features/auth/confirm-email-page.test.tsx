import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../lib/router.tsx';
import { fakeServer, ok, refused } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import ConfirmEmailPage from './pages/confirm-email-page.tsx';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const NEW = 'Your new email address mei.new@example.sg is confirmed. Please log in with it from now on.';

afterEach(() => {
  // The page first: left on screen, it would follow the navigation below to a real fetch.
  cleanup();
  vi.unstubAllGlobals();
  navigate('/');
});

/** /confirmEmail/{token}: the server's answer says what was confirmed (ADR 0026). */
describe('/confirmEmail/{token}', () => {
  it('says the new address is confirmed when the link was for a change of address', async () => {
    const { seen } = fakeServer(() => ok(null, NEW));
    navigate(`/confirmEmail/${TOKEN}`);
    renderPage(<ConfirmEmailPage />);
    expect((await screen.findByText(NEW)).closest('[role="status"]')).not.toBeNull();
    expect(seen.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/v1/auth/activeAccount/', JSON.stringify({ token: TOKEN })],
    ]);
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeTruthy();
  });

  it('says why when the address was registered meanwhile, and an invalid link for anything else', async () => {
    fakeServer(() => refused(409, 'The email has already been registered'));
    navigate(`/confirmEmail/${TOKEN}`);
    const first = renderPage(<ConfirmEmailPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('The email has already been registered');
    first.unmount();

    fakeServer(() => refused(400, 'anything'));
    renderPage(<ConfirmEmailPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is an invalid link or the link has already expired.',
    );
  });
});
