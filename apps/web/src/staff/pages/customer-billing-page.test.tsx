import type { StaffSession } from '@selfcare/domain/contracts/staff';
import type { StaffBilling } from '@selfcare/domain/contracts/staff-billing';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../lib/router.tsx';
import { fakeServer, ok, type Seen } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { staffSession } from '../staff-api.ts';
import { StaffApp } from '../staff-app.tsx';

const CUSTOMER = 'a9e0c4b2-7d3f-4e1a-8b6c-5d4e3f2a1b0c';
const agent: StaffSession = {
  token: 'token-agent',
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: 'agent@example.com', name: 'Priya Nair', role: 'agent' },
};
const BILLING: StaffBilling = {
  customer: { id: CUSTOMER, name: 'Mei Ling Tan', email: 'meiling@example.sg' },
  bills: [],
  unbilled: [],
  card: null,
  cardPurchases: [
    {
      id: 'p-2:refund',
      kind: 'refund',
      at: '2026-11-20T03:00:00.000Z',
      description: 'Malaysia 3GB, 3 days',
      msisdn: '81234567',
      amountCents: -500,
      status: 'refunded',
      card: 'VISA •••• 4242',
    },
    {
      id: 'p-1',
      kind: 'purchase',
      at: '2026-11-18T03:00:00.000Z',
      description: 'Data Booster 5GB',
      msisdn: '81234567',
      amountCents: 400,
      status: 'paid',
      card: 'VISA •••• 4242',
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  staffSession.clear();
});

describe('/staff/customers/{id}/billing', () => {
  it("lists the customer's one-time card purchases and refunds, with the card, line and amount", async () => {
    staffSession.start(agent);
    act(() => navigate(`/staff/customers/${CUSTOMER}/billing`, { replace: true }));
    const server = fakeServer((req: Seen) =>
      req.method === 'GET' && req.path === `/api/v1/staff/customers/${CUSTOMER}/billing`
        ? ok(BILLING)
        : { status: 404 },
    );
    renderPage(<StaffApp />);
    const section = await screen.findByRole(
      'region',
      { name: 'Card purchases and refunds' },
      { timeout: 5000 },
    );
    const rows = within(section).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        expect.any(String),
        'Refund: Malaysia 3GB, 3 days',
        '8123 4567',
        'VISA •••• 4242',
        '-$5.00',
        'Refunded',
      ],
      [expect.any(String), 'Data Booster 5GB', '8123 4567', 'VISA •••• 4242', '$4.00', 'Paid'],
    ]);
    expect(server.seen.some((r) => r.path === `/api/v1/staff/customers/${CUSTOMER}/billing`)).toBe(true);
  });

  it('shows the saved card and a purchase the card declined, so an agent can say why it failed', async () => {
    staffSession.start(agent);
    act(() => navigate(`/staff/customers/${CUSTOMER}/billing`, { replace: true }));
    const declined: StaffBilling = {
      ...BILLING,
      card: {
        holderName: 'MEI LING TAN',
        brand: 'visa',
        funding: 'credit',
        last4: '0002',
        expMonth: 3,
        expYear: 2026,
      },
      cardPurchases: [
        {
          id: 'p-3',
          kind: 'purchase',
          at: '2026-11-21T03:00:00.000Z',
          description: 'Data Booster 5GB',
          msisdn: '81234567',
          amountCents: 400,
          status: 'declined',
          card: null,
        },
      ],
    };
    fakeServer((req: Seen) =>
      req.method === 'GET' && req.path === `/api/v1/staff/customers/${CUSTOMER}/billing`
        ? ok(declined)
        : { status: 404 },
    );
    renderPage(<StaffApp />);
    const card = await screen.findByRole('region', { name: 'Saved card' }, { timeout: 5000 });
    expect(within(card).getByText(/^VISA •••• 0002 \(credit\), expires 03\/2026/)).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Card purchases and refunds' });
    const [row] = within(section).getAllByRole('row').slice(1);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '21 November 2026, 11:00 am',
      'Data Booster 5GB',
      '8123 4567',
      '—',
      '$4.00',
      'Declined by the card',
    ]);
  });
});
