import { routeByName } from '@selfcare/domain';
import type { ProfileView } from '@selfcare/domain/contracts/profile';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../components/ui/notify.ts';
import { session } from '../../lib/session.ts';
import { fakeServer, ok, refused, type Seen, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import MyProfilePage from './pages/my-profile-page.tsx';

vi.mock('../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const NONE = { email: false, sms: false, push: false };
const PROFILE: ProfileView = {
  email: 'meiling@example.sg',
  salutation: 'Ms.',
  givenName: 'Mei Ling',
  familyName: 'Tan',
  fullName: 'Tan Mei Ling',
  dateOfBirth: '1990-04-02',
  contactNumber: '91234567',
  idType: 1,
  idNumberMasked: '•••••567A',
  idIssueDate: '2015-01-01',
  idExpiryDate: null,
  passType: null,
  passStatus: null,
  passExpiry: null,
  employer: 'Orchid Holdings',
  marketing: { provider: { email: true, sms: false, push: false }, thirdParty: NONE },
  verified: ['fullName', 'employer'],
  fromOrder: true,
  card: {
    holderName: 'Tan Mei Ling',
    brand: 'visa',
    funding: 'credit',
    last4: '4242',
    expMonth: 12,
    expYear: 2031,
  },
};

let seen: Seen[];
beforeEach(() => {
  session.set(sessionOf('token-1'));
  seen = fakeServer((req) => {
    if (req.method === 'GET' && req.path === '/api/v1/profile') return ok(PROFILE);
    if (req.method === 'PUT' && req.path === '/api/v1/profile')
      return ok({ ...PROFILE, ...JSON.parse(req.body ?? '{}') }, 'Update Profile successfully.');
    if (req.method === 'PUT' && req.path === '/api/v1/auth/password') {
      const b = JSON.parse(req.body ?? '{}');
      return b.currentPassword === 'Orchid#Road88'
        ? ok(null, 'Change password successfully!')
        : refused(422, 'Password incorrect. Please Re-enter.', {
            fields: { currentPassword: 'Password incorrect. Please Re-enter.' },
          });
    }
    if (req.method === 'PUT' && req.path === '/api/v1/auth/email') {
      const b = JSON.parse(req.body ?? '{}');
      if (b.email === 'taken@example.sg')
        return refused(409, 'The email has already been registered', {
          fields: { email: 'The email has already been registered' },
        });
      return ok(
        null,
        `We have sent a confirmation link to ${b.email}. Open it to start using the new address; until then, log in with your current one.`,
      );
    }
    return { status: 404 };
  }).seen;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notifySuccess).mockClear();
});

describe('/profile/myProfile', () => {
  it('shows the identity read-only, MyInfo-verified fields marked, the card, and the employer locked', async () => {
    renderPage(<MyProfilePage route={routeByName('myProfile')} />);
    const details = await screen.findByRole('region', { name: 'Your details' });
    const fullName = within(details).getByRole('row', { name: /Full name as on ID/ });
    expect(within(fullName).getByText('Verified by MyInfo')).toBeTruthy();
    expect(within(details).getByRole('row', { name: /ID number/ }).textContent).toContain('•••••567A');
    expect(within(details).queryByRole('textbox')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Employer' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/Tan Mei Ling · VISA credit card ending 4242, expires 12\/2031/)).toBeTruthy();
  });

  it('saves the contact number and consents, and refuses a bad number without sending', async () => {
    renderPage(<MyProfilePage route={routeByName('myProfile')} />);
    const contact = await screen.findByRole('textbox', { name: /Contact number/ });
    fireEvent.change(contact, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my profile' }));
    await waitFor(() => expect(contact.getAttribute('aria-invalid')).toBe('true'));
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(0);

    fireEvent.change(contact, { target: { value: '87654321' } });
    const partners = screen.getByRole('group', { name: 'Offers from our partners, by' });
    fireEvent.click(within(partners).getByRole('checkbox', { name: 'SMS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save my profile' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Update Profile successfully.'));
    const sent = JSON.parse(seen.find((r) => r.method === 'PUT')?.body ?? '{}');
    expect(sent).toMatchObject({
      contactNumber: '87654321',
      marketing: { thirdParty: { sms: true, email: false } },
    });
  });

  it('changes the password after the current one; a wrong one is said at its field', async () => {
    renderPage(<MyProfilePage route={routeByName('myProfile')} />);
    const current = await screen.findByLabelText(/^Current password/);
    const fill = (cur: string, next: string, confirm: string) => {
      fireEvent.change(current, { target: { value: cur } });
      fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: next } });
      fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: confirm } });
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    };
    fill('Orchid#Road88', 'Kallang#River77', 'Kallang#River78');
    expect(await screen.findByText('Password does not match.')).toBeTruthy();
    fill('Wrong#Pass1', 'Kallang#River77', 'Kallang#River77');
    expect(await screen.findByText('Password incorrect. Please Re-enter.')).toBeTruthy();
    fill('Orchid#Road88', 'Kallang#River77', 'Kallang#River77');
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Change password successfully!'));
    expect((current as HTMLInputElement).value).toBe('');
  });

  it('asks for a new email with the password; the link to open is said, a taken address at its field', async () => {
    renderPage(<MyProfilePage route={routeByName('myProfile')} />);
    const section = await screen.findByRole('region', { name: 'Email address' });
    expect(within(section).getByText('You log in with meiling@example.sg.')).toBeTruthy();
    const email = within(section).getByRole('textbox', { name: /^New email address/ });
    const again = within(section).getByRole('textbox', { name: /^Re-enter Email Address/ });
    const password = within(section).getByLabelText(/^Password/);
    const send = within(section).getByRole('button', { name: 'Change email' });
    const fill = (a: string, b: string, pw: string) => {
      fireEvent.change(email, { target: { value: a } });
      fireEvent.change(again, { target: { value: b } });
      fireEvent.change(password, { target: { value: pw } });
      fireEvent.click(send);
    };

    fill('not-an-email', 'other@example.sg', '');
    expect(await within(section).findByText('New email address is invalid')).toBeTruthy();
    expect(within(section).getByText('Re-enter Email Address does not match.')).toBeTruthy();
    expect(within(section).getByText('Current password is required')).toBeTruthy();
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(seen.filter((r) => r.path === '/api/v1/auth/email')).toHaveLength(0);

    fill('taken@example.sg', 'taken@example.sg', 'Orchid#Road88');
    expect(await within(section).findByText('The email has already been registered')).toBeTruthy();

    fill('Mei.New@Example.sg', 'mei.new@example.sg', 'Orchid#Road88');
    const status = await within(section).findByRole('status');
    expect(status.textContent).toContain('We have sent a confirmation link to mei.new@example.sg.');
    expect(JSON.parse(seen.filter((r) => r.path === '/api/v1/auth/email').at(-1)?.body ?? '{}')).toEqual({
      email: 'mei.new@example.sg',
      confirmEmail: 'mei.new@example.sg',
      currentPassword: 'Orchid#Road88',
    });
    expect((email as HTMLInputElement).value).toBe('');
    expect((password as HTMLInputElement).value).toBe('');
    expect(within(section).getByText('You log in with meiling@example.sg.')).toBeTruthy();
  });
});
