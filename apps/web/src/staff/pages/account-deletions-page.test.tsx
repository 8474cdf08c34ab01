import type { StaffDeletionRequest } from '@selfcare/domain/contracts/account-deletion';
import type { StaffSession } from '@selfcare/domain/contracts/staff';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../lib/router.tsx';
import { fakeServer, ok, type Seen } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { staffSession } from '../staff-api.ts';
import { StaffApp } from '../staff-app.tsx';

const member = (role: 'agent' | 'supervisor'): StaffSession => ({
  token: `token-${role}`,
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: `${role}@example.com`, name: 'Priya Nair', role },
});
const READY: StaffDeletionRequest = {
  id: '0b6f3c8e-1d2a-4c5b-9e7f-1a2b3c4d5e6f',
  userId: 'a9e0c4b2-7d3f-4e1a-8b6c-5d4e3f2a1b0c',
  name: 'Mei Ling Tan',
  email: 'meiling@example.sg',
  phoneNumber: '91234567',
  requestedAt: '2026-06-02T02:30:00.000Z',
  lines: [{ msisdn: '81234567', state: 'terminated', endsOn: '2026-05-20' }],
  unpaidCents: 0,
  blockers: [],
};
const WAITING: StaffDeletionRequest = {
  ...READY,
  id: '1c7a4d9f-2e3b-4d6c-8f9a-2b3c4d5e6f7a',
  userId: 'b0f1d5c3-8e4a-4f2b-9c7d-6e5f4a3b2c1d',
  name: 'Ahmad Ismail',
  email: 'ahmad@example.sg',
  lines: [{ msisdn: '91112222', state: 'active', endsOn: '2026-07-01' }],
  unpaidCents: 2302,
  blockers: ['The line 9111 2222 ends on 1 July 2026.', '$23.02 is unpaid on the bills.'],
};

function serve() {
  let open = [READY, WAITING];
  return fakeServer((req: Seen) => {
    if (req.method === 'GET' && req.path === '/api/v1/staff/account-deletions') return ok(open);
    if (req.method === 'POST' && req.path === `/api/v1/staff/account-deletions/${READY.id}/complete`) {
      open = open.filter((r) => r.id !== READY.id);
      return ok(
        { id: READY.id, userId: READY.userId, completedAt: '2026-06-03T01:00:00.000Z' },
        'The account is closed and its personal data erased.',
      );
    }
    return { status: 404 };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  staffSession.clear();
});

describe('/staff/account-deletions', () => {
  it('lists the open requests with what each waits for; a supervisor closes one that is ready', async () => {
    staffSession.start(member('supervisor'));
    act(() => navigate('/staff/account-deletions', { replace: true }));
    const server = serve();
    renderPage(<StaffApp />);
    expect(await screen.findByRole('heading', { name: 'Account closures' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(nav).getByRole('link', { name: 'Account closures' }).getAttribute('aria-current')).toBe(
      'page',
    );

    const waiting = await screen.findByRole('region', { name: 'Request of Ahmad Ismail' });
    expect(within(waiting).getByText('$23.02 is unpaid on the bills.')).toBeTruthy();
    expect(within(waiting).getByText(/9111 2222: active, ends 1 July 2026/)).toBeTruthy();
    expect(
      (within(waiting).getByRole('button', { name: 'Close and delete the account' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    const ready = screen.getByRole('region', { name: 'Request of Mei Ling Tan' });
    expect(within(ready).getByText('Nothing is left to settle: the account may be closed.')).toBeTruthy();
    expect(within(ready).getByRole('link', { name: "The customer's bills" }).getAttribute('href')).toBe(
      `/staff/customers/${READY.userId}/billing`,
    );
    fireEvent.click(within(ready).getByRole('button', { name: 'Close and delete the account' }));
    expect(
      within(ready).getByText(/for good\. The bills and payments are kept, naming no one\./),
    ).toBeTruthy();
    expect(server.count('POST', `/api/v1/staff/account-deletions/${READY.id}/complete`)).toBe(0);
    fireEvent.click(within(ready).getByRole('button', { name: 'Confirm: close and delete' }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The account is closed and its personal data erased. (Mei Ling Tan, meiling@example.sg)',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Request of Mei Ling Tan' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Request of Ahmad Ismail' })).toBeTruthy();
    expect(server.count('POST', `/api/v1/staff/account-deletions/${READY.id}/complete`)).toBe(1);
  });

  it('is not in an agent’s navigation', async () => {
    staffSession.start(member('agent'));
    act(() => navigate('/staff/stock', { replace: true }));
    fakeServer(() => ok({ items: [], total: 0, page: 1, pageSize: 50 }));
    renderPage(<StaffApp />);
    const nav = await screen.findByRole('navigation', { name: 'Staff' });
    expect(within(nav).getByRole('link', { name: 'SIM stock' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Account closures' })).toBeNull();
  });
});
