import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../lib/router.tsx';
import { fakeServer, ok, refused } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import ConfirmEmailPage from './pages/confirm-email-page.tsx';
import ResetPasswordPage from './pages/reset-password-page.tsx';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
/** A link of its own: a link confirmed once is not confirmed again while the app lives. */
const another = (n: number) => `${TOKEN.slice(0, -1)}${n}`;
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
    // Opened again, the confirmed link says so again without asking twice.
    cleanup();
    renderPage(<ConfirmEmailPage />);
    expect(await screen.findByText(NEW)).toBeTruthy();
    expect(seen).toHaveLength(1);
  });

  it('says why when the address was registered meanwhile, and an invalid link for anything else', async () => {
    fakeServer(() => refused(409, 'The email has already been registered'));
    navigate(`/confirmEmail/${another(1)}`);
    const first = renderPage(<ConfirmEmailPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('The email has already been registered');
    first.unmount();

    fakeServer(() => refused(400, 'anything'));
    renderPage(<ConfirmEmailPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is an invalid link or the link has already expired.',
    );
  });

  it("says an expired link has expired, and 'Verification failed.' when the check itself failed", async () => {
    fakeServer(() => refused(400, 'The link has expired. Please reload'));
    navigate(`/confirmEmail/${another(2)}`);
    const expired = renderPage(<ConfirmEmailPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('The link has expired. Please reload');
    expired.unmount();

    fakeServer(() => refused(500, 'Something went wrong on our side. Please try again later.'));
    renderPage(<ConfirmEmailPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Verification failed.');
  });
});

/** /resetPassword/{token}: the link is checked before the form shows (ADR 0018, 0035). */
describe('/resetPassword/{token}', () => {
  it("says an expired link has expired, an unknown one is invalid, a failed check 'Verification failed.'", async () => {
    const texts: string[] = [];
    for (const [status, message] of [
      [400, 'The link has expired. Please reload'],
      [400, 'This is an invalid link or the link has already expired.'],
      [503, 'The service is busy. Please try again in a moment.'],
    ] as const) {
      fakeServer(() => refused(status, message));
      navigate(`/resetPassword/${TOKEN}`);
      const page = renderPage(<ResetPasswordPage />);
      texts.push((await screen.findByRole('alert')).textContent ?? '');
      page.unmount();
    }
    expect(texts).toEqual([
      'The link has expired. Please reload',
      'This is an invalid link or the link has already expired.',
      'Verification failed.',
    ]);
    expect(screen.queryByLabelText(/password/i)).toBeNull();
  });
});
