import type { StaffSession } from '@selfcare/domain/contracts/staff';
import type { UnmatchedPayment, UnmatchedPayments } from '@selfcare/domain/contracts/unmatched-payments';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../lib/router.tsx';
import { fakeServer, ok, refused, type Seen } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { staffSession } from '../staff-api.ts';
import { StaffApp } from '../staff-app.tsx';
import { waited } from './unmatched-payments-page.tsx';

const member = (role: 'agent' | 'supervisor'): StaffSession => ({
  token: `token-${role}`,
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: `${role}@example.com`, name: 'Priya Nair', role },
});
const TYPO: UnmatchedPayment = {
  id: 'PN1A2B3C4D5E6F7A8B',
  source: 'bank',
  reference: 'B00O0042',
  amountCents: 4590,
  settledAt: '2026-11-27T02:30:00.000Z',
  reason: 'unknown-reference',
  bill: null,
};
const LATE: UnmatchedPayment = {
  id: 'PN9F8E7D6C5B4A3F2E',
  source: 'bank',
  reference: 'B00000043',
  amountCents: 2300,
  settledAt: '2026-11-28T01:00:00.000Z',
  reason: 'bill-paid',
  bill: {
    id: '2d8b5e0a-3f4c-4e7d-9a0b-3c4d5e6f7a8b',
    number: 'B00000043',
    customer: {
      id: 'a9e0c4b2-7d3f-4e1a-8b6c-5d4e3f2a1b0c',
      name: 'Mei Ling Tan',
      email: 'meiling@example.sg',
    },
  },
};

const STRAY: UnmatchedPayment = {
  id: 'ch_5f4e3d2c1b0a',
  source: 'gateway',
  reference: '7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  amountCents: 1234,
  settledAt: '2026-11-28T03:00:00.000Z',
  reason: 'unaccounted-charge',
  bill: null,
};

function serve() {
  let open = [TYPO, LATE, STRAY];
  const list = (): UnmatchedPayments => ({ items: open, oldestAgeSeconds: open.length ? 90_000 : null });
  return fakeServer((req: Seen) => {
    if (req.method === 'GET' && req.path === '/api/v1/staff/payments/unmatched') return ok(list());
    if (req.method === 'POST' && req.path === `/api/v1/staff/payments/unmatched/${TYPO.id}/apply`) {
      const sent = JSON.parse(req.body ?? '{}') as { billNumber: string };
      if (sent.billNumber !== 'B00000042')
        return refused(422, 'No bill has this number.', {
          fields: { billNumber: 'No bill has this number.' },
        });
      open = open.filter((p) => p.id !== TYPO.id);
      return ok({ billId: 'x' }, 'The payment is applied to the bill.');
    }
    return { status: 404 };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  staffSession.clear();
});

describe('/staff/payments', () => {
  it('lists what the bank credited that no bill took, with the age of the oldest; a supervisor applies one to a bill', async () => {
    staffSession.start(member('supervisor'));
    act(() => navigate('/staff/payments', { replace: true }));
    const server = serve();
    renderPage(<StaffApp />);
    expect(await screen.findByRole('heading', { name: 'Unmatched payments' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(nav).getByRole('link', { name: 'Unmatched payments' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      '3 open; the oldest has waited 1 day 1 hour.',
    );

    const late = screen.getByRole('region', { name: `Payment ${LATE.reference}` });
    expect(within(late).getByText(/The bill was already paid \(B00000043\)/)).toBeTruthy();
    expect(within(late).getByRole('link', { name: "The customer's bills" }).getAttribute('href')).toBe(
      `/staff/customers/${LATE.bill?.customer.id}/billing`,
    );

    const stray = screen.getByRole('region', { name: `Payment ${STRAY.reference}` });
    expect(within(stray).getByRole('heading').textContent).toBe(
      `$12.34 charged to a card, for “${STRAY.reference}”`,
    );
    expect(within(stray).queryByRole('button', { name: 'Apply to a bill' })).toBeNull();
    expect(within(stray).getByRole('button', { name: 'Refund to the card' })).toBeTruthy();

    const typo = screen.getByRole('region', { name: `Payment ${TYPO.reference}` });
    expect(within(typo).getByText(/The reference names no bill/)).toBeTruthy();
    fireEvent.click(within(typo).getByRole('button', { name: 'Apply to a bill' }));
    const form = within(typo).getByRole('form', { name: `Apply ${TYPO.reference} to a bill` });
    const number = within(form).getByRole('textbox', { name: /Bill number/ });
    await waitFor(() => expect(document.activeElement).toBe(number));
    fireEvent.change(number, { target: { value: 'B00O0042' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'The customer typed O for 0' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm: apply $45.90' }));
    expect(await within(form).findByText('No bill has this number.')).toBeTruthy();
    fireEvent.change(number, { target: { value: 'B00000042' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm: apply $45.90' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: `Payment ${TYPO.reference}` })).toBeNull(),
    );
    expect(server.count('POST', `/api/v1/staff/payments/unmatched/${TYPO.id}/apply`)).toBe(2);
  });

  it('shows an agent the payments without the supervisor’s actions', async () => {
    staffSession.start(member('agent'));
    act(() => navigate('/staff/payments', { replace: true }));
    serve();
    renderPage(<StaffApp />);
    const typo = await screen.findByRole('region', { name: `Payment ${TYPO.reference}` });
    expect(within(typo).queryByRole('button', { name: 'Apply to a bill' })).toBeNull();
    expect(screen.getByText(/A supervisor applies, sends back or refunds a payment\./)).toBeTruthy();
  });

  it('says how long a payment has waited in days, hours and minutes', () => {
    expect(waited(59)).toBe('0 minutes');
    expect(waited(61)).toBe('1 minute');
    expect(waited(7260)).toBe('2 hours 1 minute');
    expect(waited(3 * 86_400)).toBe('3 days');
  });
});
