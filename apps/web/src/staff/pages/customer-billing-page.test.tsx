import type { StaffSession } from '@selfcare/domain/contracts/staff';
import type { StaffBilling } from '@selfcare/domain/contracts/staff-billing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../app/shell/toast-host.tsx';
import { navigate } from '../../lib/router.tsx';
import { fakeServer, ok, refused, type Seen } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { staffSession } from '../staff-api.ts';
import { StaffApp } from '../staff-app.tsx';

const CUSTOMER = 'a9e0c4b2-7d3f-4e1a-8b6c-5d4e3f2a1b0c';
const agent: StaffSession = {
  token: 'token-agent',
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: 'agent@example.com', name: 'Priya Nair', role: 'agent' },
};
const supervisor: StaffSession = {
  ...agent,
  token: 'token-supervisor',
  staff: { id: 's-2', email: 'supervisor@example.com', name: 'Ahmad Rahman', role: 'supervisor' },
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

  it("names each payment of a bill by its state, in words, with the card's reason for a failure", async () => {
    staffSession.start(agent);
    act(() => navigate(`/staff/customers/${CUSTOMER}/billing`, { replace: true }));
    const payment = { attempt: 0, amountCents: 2450, failureCode: null, settledAt: null };
    const WITH_PAYMENTS: StaffBilling = {
      ...BILLING,
      cardPurchases: [],
      bills: [
        {
          id: 'b-1',
          number: 'B00000042',
          month: '2026-10',
          issuedOn: '2026-11-01',
          dueOn: '2026-11-25',
          totalCents: 2450,
          gstCents: 202,
          paidCents: 2450,
          status: 'paid',
          emailedAt: '2026-11-01T01:00:00.000Z',
          items: [],
          payments: [
            {
              ...payment,
              id: 'bp-1',
              method: 'deduction',
              status: 'failed',
              failureCode: 'insufficient_funds',
              createdAt: '2026-11-25T01:00:00.000Z',
            },
            {
              ...payment,
              id: 'bp-2',
              method: 'paynow',
              status: 'void',
              createdAt: '2026-11-26T01:00:00.000Z',
            },
            {
              ...payment,
              id: 'bp-3',
              method: 'card',
              status: 'succeeded',
              createdAt: '2026-11-27T01:00:00.000Z',
              settledAt: '2026-11-27T01:00:05.000Z',
            },
            {
              ...payment,
              id: 'bp-4',
              method: 'card',
              status: 'refunded',
              createdAt: '2026-11-28T01:00:00.000Z',
            },
            {
              ...payment,
              id: 'bp-5',
              method: 'card',
              status: 'pending',
              createdAt: '2026-11-29T01:00:00.000Z',
            },
          ],
        },
      ],
    };
    fakeServer((req: Seen) =>
      req.method === 'GET' && req.path === `/api/v1/staff/customers/${CUSTOMER}/billing`
        ? ok(WITH_PAYMENTS)
        : { status: 404 },
    );
    renderPage(<StaffApp />);
    const table = await screen.findByRole('table', { name: 'Payments' }, { timeout: 5000 });
    const cells = within(table)
      .getAllByRole('row')
      .map((r) => {
        const c = within(r).getAllByRole('cell');
        return [c[1]?.textContent, c[3]?.textContent];
      });
    expect(cells).toEqual([
      ['Card deduction, try 1', 'Failed (insufficient_funds)'],
      ['PayNow', 'Void'],
      ['Card', 'Paid'],
      ['Card', 'Refunded'],
      ['Card', 'Waiting for the card company or the bank'],
    ]);
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

  describe('Give a credit', () => {
    const CHARGE = 'c3d1e2f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const PAID: StaffBilling = {
      ...BILLING,
      cardPurchases: [],
      bills: [
        {
          id: 'b-1',
          number: 'B00000042',
          month: '2026-10',
          issuedOn: '2026-11-01',
          dueOn: '2026-11-25',
          totalCents: 700,
          gstCents: 58,
          paidCents: 700,
          status: 'paid',
          emailedAt: '2026-11-01T01:00:00.000Z',
          items: [
            {
              id: CHARGE,
              kind: 'sim-replacement',
              description: 'SIM replacement',
              amountCents: 700,
              msisdn: null,
              createdAt: '2026-10-10T04:00:00.000Z',
              waived: null,
            },
          ],
          payments: [],
        },
      ],
    };
    const CREDITED: StaffBilling = {
      ...PAID,
      unbilled: [
        {
          id: 'cr-1',
          kind: 'credit',
          description: 'Credit: SIM replacement',
          amountCents: -550,
          msisdn: null,
          createdAt: '2026-11-20T03:00:00.000Z',
          waived: null,
          atBillRun: false,
        },
      ],
    };
    const CREDITS = `/api/v1/staff/customers/${CUSTOMER}/credits`;

    it('a supervisor gives a credit for a charge on a paid bill: errors under the fields, then the credit under "Not billed yet"', async () => {
      staffSession.start(supervisor);
      act(() => navigate(`/staff/customers/${CUSTOMER}/billing`, { replace: true }));
      let given = false;
      const server = fakeServer((req: Seen) => {
        if (req.method === 'GET' && req.path === `/api/v1/staff/customers/${CUSTOMER}/billing`)
          return ok(given ? CREDITED : PAID);
        if (req.method === 'POST' && req.path === CREDITS) {
          const sent = JSON.parse(req.body ?? '{}') as { amount: string };
          if (sent.amount === '7.50')
            return refused(422, 'At most $7.00 more can be credited for SIM replacement ($7.00).', {
              fields: { amount: 'At most $7.00 more can be credited for SIM replacement ($7.00).' },
            });
          given = true;
          return ok(
            { userId: CUSTOMER, amountCents: 550 },
            'A credit of $5.50 is given: the next bill takes it off, and the customer is emailed.',
          );
        }
        return { status: 404 };
      });
      renderPage(
        <>
          <StaffApp />
          <ToastHost />
        </>,
      );
      const unbilled = await screen.findByRole('region', { name: 'Not billed yet' }, { timeout: 5000 });
      expect(within(unbilled).getByText('Nothing.')).toBeTruthy();
      fireEvent.click(within(unbilled).getByRole('button', { name: 'Give a credit' }));
      const form = within(unbilled).getByRole('form', { name: 'Give a credit' });
      const amount = within(form).getByRole('textbox', { name: /Amount/ });
      await waitFor(() => expect(document.activeElement).toBe(amount));
      const confirm = within(form).getByRole('button', { name: 'Confirm: give the credit' });

      fireEvent.click(confirm);
      expect(await within(form).findByText('Amount is required')).toBeTruthy();
      expect(within(form).getByText('Reason is required')).toBeTruthy();
      fireEvent.change(amount, { target: { value: '600' } });
      fireEvent.click(confirm);
      expect(await within(form).findByText('Amount must be at most $500.00')).toBeTruthy();
      fireEvent.change(amount, { target: { value: '5.505' } });
      fireEvent.click(confirm);
      expect(await within(form).findByText('Amount must be in dollars and cents, like 5.50')).toBeTruthy();
      expect(server.count('POST', CREDITS)).toBe(0);

      const charge = within(form).getByRole('combobox', { name: /For the charge/ }) as HTMLSelectElement;
      expect([...charge.options].map((o) => o.textContent)).toEqual([
        'None: a goodwill credit',
        'October 2026 bill B00000042: SIM replacement ($7.00)',
      ]);
      fireEvent.change(charge, { target: { value: CHARGE } });
      fireEvent.change(within(form).getByRole('textbox', { name: /Reason/ }), {
        target: { value: 'SIM arrived damaged' },
      });
      fireEvent.change(amount, { target: { value: '7.50' } });
      fireEvent.click(confirm);
      expect(
        await within(form).findByText('At most $7.00 more can be credited for SIM replacement ($7.00).'),
      ).toBeTruthy();
      fireEvent.change(amount, { target: { value: '5.50' } });
      fireEvent.click(confirm);

      expect(
        await screen.findByText(
          'A credit of $5.50 is given: the next bill takes it off, and the customer is emailed.',
        ),
      ).toBeTruthy();
      await waitFor(() => expect(within(unbilled).queryByRole('form', { name: 'Give a credit' })).toBeNull());
      const row = await within(unbilled).findByRole('row', { name: /Credit: SIM replacement/ });
      expect(within(row).getByText('-$5.50')).toBeTruthy();
      expect(within(row).queryByRole('button')).toBeNull();

      const sent = server.seen
        .filter((r) => r.method === 'POST' && r.path === CREDITS)
        .map((r) => JSON.parse(r.body ?? '{}') as Record<string, string>);
      expect(sent).toHaveLength(2);
      expect(sent[1]).toEqual({
        amount: '5.50',
        chargeId: CHARGE,
        reason: 'SIM arrived damaged',
        requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      // The second try is the same credit: a double submit is given once.
      expect(sent[1]?.requestKey).toBe(sent[0]?.requestKey);
    });

    it('an agent is not offered it', async () => {
      staffSession.start(agent);
      act(() => navigate(`/staff/customers/${CUSTOMER}/billing`, { replace: true }));
      fakeServer((req: Seen) =>
        req.method === 'GET' && req.path === `/api/v1/staff/customers/${CUSTOMER}/billing`
          ? ok(CREDITED)
          : { status: 404 },
      );
      renderPage(<StaffApp />);
      const unbilled = await screen.findByRole('region', { name: 'Not billed yet' }, { timeout: 5000 });
      expect(within(unbilled).getByText('Credit: SIM replacement')).toBeTruthy();
      expect(within(unbilled).queryByRole('button', { name: 'Give a credit' })).toBeNull();
    });
  });
});
