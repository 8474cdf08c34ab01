import { routeByName } from '@selfcare/domain';
import { AccountDeletionMessages } from '@selfcare/domain/account-deletion';
import type { AccountDeletionView } from '@selfcare/domain/contracts/account-deletion';
import type { ProfileView } from '@selfcare/domain/contracts/profile';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../components/ui/notify.ts';
import { session } from '../../lib/session.ts';
import { customer, fakeServer, ok, refused, type Seen, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import MyProfilePage from './pages/my-profile-page.tsx';

vi.mock('../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const NONE = { email: false, sms: false, push: false };
const PROFILE: ProfileView = {
  email: 'meiling@example.sg',
  salutation: null,
  givenName: 'Mei Ling',
  familyName: 'Tan',
  fullName: 'Mei Ling Tan',
  dateOfBirth: null,
  contactNumber: null,
  idType: null,
  idNumberMasked: null,
  idIssueDate: null,
  idExpiryDate: null,
  passType: null,
  passStatus: null,
  passExpiry: null,
  employer: null,
  marketing: { provider: NONE, thirdParty: NONE },
  verified: [],
  fromOrder: false,
  card: null,
};
const PATH = '/api/v1/account/deletion-request';
const OPEN = {
  id: '6f7c1a52-3c1e-4a55-9d1b-8c0f6a1e2b3c',
  requestedAt: '2026-06-02T02:30:00.000Z',
  waitingFor: ['$23.02 is unpaid on the bills.'],
};

/** The API with the deletion request as `start` has it; asking and withdrawing change it. */
function serve(start: AccountDeletionView) {
  let view = start;
  return fakeServer((req) => {
    if (req.path === '/api/v1/profile') return ok(PROFILE);
    if (req.method === 'GET' && req.path === PATH) return ok(view);
    if (req.method === 'POST' && req.path === PATH) {
      const b = JSON.parse(req.body ?? '{}');
      if (b.password !== 'Orchid#Road88')
        return refused(422, 'Password incorrect. Please Re-enter.', {
          fields: { password: 'Password incorrect. Please Re-enter.' },
        });
      view = { request: OPEN, problem: null };
      return ok(view, AccountDeletionMessages.requested);
    }
    if (req.method === 'DELETE' && req.path === `${PATH}/${OPEN.id}`) {
      view = { request: null, problem: null };
      return ok(view, AccountDeletionMessages.withdrawn);
    }
    return { status: 404 };
  }).seen;
}
const sent = (seen: Seen[], method: string) =>
  seen.filter((r) => r.method === method && r.path.startsWith(PATH));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notifySuccess).mockClear();
});

describe('closing the account on /profile/myProfile', () => {
  it('asks with the password and the confirmation, shows the request pending, and withdraws it', async () => {
    session.set(sessionOf('token-1'));
    const seen = serve({ request: null, problem: null });
    renderPage(<MyProfilePage route={routeByName('myProfile')} />);
    const section = await screen.findByRole('region', { name: 'Close my account' });
    const close = await within(section).findByRole('button', { name: 'Close my account' });

    fireEvent.click(close);
    expect(await within(section).findByText('Password is required')).toBeTruthy();
    expect(within(section).getByText(AccountDeletionMessages.confirmUnderstood)).toBeTruthy();
    expect(sent(seen, 'POST')).toHaveLength(0);

    const password = within(section).getByLabelText(/^Password/);
    fireEvent.change(password, { target: { value: 'Wrong#Pass1' } });
    fireEvent.click(within(section).getByRole('checkbox', { name: /deleted for good/ }));
    fireEvent.click(close);
    expect(await within(section).findByText('Password incorrect. Please Re-enter.')).toBeTruthy();

    fireEvent.change(password, { target: { value: 'Orchid#Road88' } });
    fireEvent.click(close);
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(AccountDeletionMessages.requested));
    expect(JSON.parse(sent(seen, 'POST').at(-1)?.body ?? '{}')).toEqual({
      password: 'Orchid#Road88',
      understood: true,
    });
    expect(within(section).getByRole('status').textContent).toMatch(/^You asked to close your account on /);
    expect(within(section).getByText('$23.02 is unpaid on the bills.')).toBeTruthy();
    expect(within(section).queryByLabelText(/^Password/)).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Withdraw my request' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(AccountDeletionMessages.withdrawn));
    expect(sent(seen, 'DELETE').map((r) => r.path)).toEqual([`${PATH}/${OPEN.id}`]);
    expect(await within(section).findByRole('button', { name: 'Close my account' })).toBeTruthy();
  });

  it('says why the customer cannot ask yet, with the way to end the lines, and offers no form', async () => {
    session.set(sessionOf('token-1'));
    serve({ request: null, problem: AccountDeletionMessages.linesLive });
    renderPage(<MyProfilePage route={routeByName('myProfile')} />);
    const section = await screen.findByRole('region', { name: 'Close my account' });
    expect(await within(section).findByText(/^Please end your lines first/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'End your lines' }).getAttribute('href')).toBe(
      '/manage/termination',
    );
    expect(within(section).queryByRole('button', { name: 'Close my account' })).toBeNull();
  });

  it('is not offered to an ‘Us’ line’s user, nor asked for', async () => {
    session.set({ ...sessionOf('token-1'), authUser: customer({ isMainLine: false }) });
    const seen = serve({ request: null, problem: null });
    renderPage(<MyProfilePage route={routeByName('myProfile')} />);
    expect(await screen.findByRole('region', { name: 'Your data' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Close my account' })).toBeNull();
    expect(sent(seen, 'GET')).toHaveLength(0);
  });
});
