import { BillMessages, routeByName } from '@selfcare/domain';
import type { BillDetail, BillList, BillPayment } from '@selfcare/domain/contracts/bills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { fakeServer, later, ok, refused, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import BillResultPage from './pages/bill-result-page.tsx';
import BillsPage from './pages/bills-page.tsx';

const BILL = '33333333-3333-4333-8333-333333333333';
const head = (paid: boolean) => ({
  id: BILL,
  number: 'B2026100000001',
  month: '2026-10',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  issuedOn: '2026-11-01',
  dueOn: '2026-11-21',
  totalCents: 2630,
  outstandingCents: paid ? 0 : 2630,
  status: paid
    ? ('paid' as const)
    : charging
      ? ('unknown' as const)
      : pendingClaim
        ? ('pending' as const)
        : ('due' as const),
  overdue: !paid && overdue,
  deductionFailedOn: !paid && (overdue || nextTry) ? '2026-11-21' : null,
  nextDeductionOn: paid ? null : nextTry,
});
const list = (paid: boolean): BillList => ({
  bills: [head(paid)],
  shown: 6,
  card: {
    holderName: 'Mei Ling Tan',
    brand: 'visa',
    funding: 'credit',
    last4: '4242',
    expMonth: 12,
    expYear: 2031,
  },
  payments: [],
});
const detail = (paid: boolean): BillDetail => ({
  ...head(paid),
  lines: [],
  accountItems: [
    { id: 'i1', kind: 'plan', description: 'Value 20', words: null, amountCents: 2630, waived: false },
  ],
  previousBalanceCents: 0,
  paymentsCents: 0,
  totalDueCents: 2630,
  gstPercent: 9,
  gstCents: 217,
  paidCents: paid ? 2630 : 0,
  paidAt: paid ? '2026-11-27T04:14:13.000Z' : null,
  revision,
});
const payment: BillPayment = {
  id: 'p-1',
  billId: BILL,
  billNumber: 'B2026100000001',
  month: '2026-10',
  method: 'card',
  amountCents: 2630,
  status: 'succeeded',
  card: 'VISA •••• 4242',
  message: null,
  advice: null,
};

let paid: boolean;
let overdue = false;
/** After a failed deduction, the day the card is tried again. */
let nextTry: string | null = null;
let pendingClaim = false;
let charging = false;
let paymentStatus: BillPayment['status'] = 'succeeded';
let refusal: string | null;
let revision: BillDetail['revision'] = null;
beforeEach(() => {
  refusal = null;
  revision = null;
  overdue = false;
  nextTry = null;
  pendingClaim = false;
  charging = false;
  paymentStatus = 'succeeded';
  session.set(sessionOf('token-1'));
  window.history.replaceState(null, '', '/bills');
  paid = false;
  fakeServer((req) => {
    // Once paid, the list comes after the bill: the bill, paid, is shown while the list is on its way.
    if (req.method === 'GET' && req.path === '/api/v1/bills')
      return paid ? later(ok(list(true)), 100) : ok(list(false));
    if (req.method === 'GET' && req.path === `/api/v1/bills/${BILL}`) return ok(detail(paid));
    if (req.method === 'GET' && req.path === '/api/v1/bills/payments/p-1')
      return ok(
        paymentStatus === 'pending'
          ? { ...payment, status: 'pending', message: BillMessages.paymentNotConfirmed }
          : payment,
      );
    if (req.method === 'POST' && req.path === `/api/v1/bills/${BILL}/paynow/withdraw`) {
      pendingClaim = false;
      return ok({ ...payment, method: 'paynow', status: 'void', card: null });
    }
    if (req.method === 'POST' && req.path === `/api/v1/bills/${BILL}/pay`) {
      if (refusal) return refused(409, refusal);
      paid = true;
      return ok(payment);
    }
    return { status: 404 };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('paying a bill by card', () => {
  it('opens the payment result even though the bill, now paid, no longer offers to pay', async () => {
    renderPage(<BillsPage route={routeByName('bills')} />);
    const bill = await screen.findByRole('region', { name: 'October 2026 bill' });
    fireEvent.click(await within(bill).findByRole('button', { name: 'Pay $26.30 by card' }));
    fireEvent.click(within(bill).getByRole('button', { name: 'Confirm and pay $26.30' }));
    await waitFor(() =>
      expect(`${window.location.pathname}${window.location.search}`).toBe('/bills/billResult?payment=p-1'),
    );
  });

  it('shows a refusal where it was asked, and stays on the bill', async () => {
    refusal = BillMessages.paymentPending;
    renderPage(<BillsPage route={routeByName('bills')} />);
    const bill = await screen.findByRole('region', { name: 'October 2026 bill' });
    fireEvent.click(await within(bill).findByRole('button', { name: 'Pay $26.30 by card' }));
    fireEvent.click(within(bill).getByRole('button', { name: 'Confirm and pay $26.30' }));
    expect(await within(bill).findByText(BillMessages.paymentPending)).toBeTruthy();
    expect(window.location.pathname).toBe('/bills');
  });
});

describe('an overdue bill whose card deduction failed', () => {
  it('says Overdue beside Due Now, tells the failed deduction and its day, and offers to pay now or change the card', async () => {
    overdue = true;
    renderPage(<BillsPage route={routeByName('bills')} />);
    const bill = await screen.findByRole('region', { name: 'October 2026 bill' });
    expect(await within(bill).findByText('Due Now')).toBeTruthy();
    expect(within(bill).getAllByText('Overdue').length).toBeGreaterThan(0);
    expect(within(bill).getByText(/This bill was due on 21 November 2026 and is still unpaid/)).toBeTruthy();
    expect(within(bill).getByText(BillMessages.deductionFailed)).toBeTruthy();
    expect(within(bill).getByText(/The automatic card deduction on 21 November 2026 failed\./)).toBeTruthy();
    expect(within(bill).getByRole('link', { name: 'change your card' }).getAttribute('href')).toBe(
      '#saved-card',
    );
    expect(within(bill).getByRole('button', { name: 'Pay $26.30 by card' })).toBeTruthy();
    // Every try made: no other is coming.
    expect(
      within(bill).getByText('The card deduction will not be tried again: please pay this bill now.'),
    ).toBeTruthy();
    // The list says it too.
    const row = screen.getByRole('row', { name: /October 2026/ });
    expect(within(row).getByText('Overdue')).toBeTruthy();
  });
});

describe('a bill whose card deduction failed with tries left', () => {
  it('says, with the failed deduction, when the card is tried again and that paying now settles it before then', async () => {
    nextTry = '2026-11-23';
    renderPage(<BillsPage route={routeByName('bills')} />);
    const bill = await screen.findByRole('region', { name: 'October 2026 bill' });
    expect(
      await within(bill).findByText(/The automatic card deduction on 21 November 2026 failed\./),
    ).toBeTruthy();
    expect(
      within(bill).getByText(
        'The card deduction will be tried again on 23 November 2026. To settle the bill before then, pay it now.',
      ),
    ).toBeTruthy();
    expect(within(bill).getByRole('button', { name: 'Pay $26.30 by card' })).toBeTruthy();
  });
});

describe('"I have paid by PayNow" tapped too soon', () => {
  it('can be taken back: the QR and the card are offered again', async () => {
    pendingClaim = true;
    renderPage(<BillsPage route={routeByName('bills')} />);
    const bill = await screen.findByRole('region', { name: 'October 2026 bill' });
    expect(await within(bill).findByText(/Payment pending: we mark the bill paid/)).toBeTruthy();
    expect(within(bill).queryByRole('button', { name: 'Show the PayNow QR' })).toBeNull();
    fireEvent.click(
      within(bill).getByRole('button', { name: "I haven't paid yet: show the QR and card again" }),
    );
    expect(await within(bill).findByRole('button', { name: 'Show the PayNow QR' })).toBeTruthy();
    expect(within(bill).getByRole('button', { name: 'Pay $26.30 by card' })).toBeTruthy();
  });
});

describe('a card payment the gateway has not answered yet', () => {
  it('says once that it is being confirmed with the card company, not to pay again, and that the page updates itself', async () => {
    paymentStatus = 'pending';
    window.history.replaceState(null, '', '/bills/billResult?payment=p-1');
    renderPage(<BillResultPage route={routeByName('billResult')} />);
    const status = await screen.findByText(BillMessages.paymentNotConfirmed);
    expect(BillMessages.paymentNotConfirmed).toMatch(/card company/);
    expect(BillMessages.paymentNotConfirmed).toMatch(/do not pay again/i);
    expect(BillMessages.paymentNotConfirmed).toMatch(/updates by itself/);
    expect(status).toBeTruthy();
    expect(screen.queryByText(/try again/i)).toBeNull();
    expect(screen.queryByText(/We are confirming your payment with the card gateway/)).toBeNull();
  });

  it("keeps the spec's Unknown on the bill, says beside it what is happening, and offers no second payment", async () => {
    charging = true;
    renderPage(<BillsPage route={routeByName('bills')} />);
    const bill = await screen.findByRole('region', { name: 'October 2026 bill' });
    expect((await within(bill).findAllByText('Unknown')).length).toBeGreaterThan(0);
    expect(within(bill).getByText(/being confirmed with the card company/)).toBeTruthy();
    expect(within(bill).getByText(/do not pay again/i)).toBeTruthy();
    expect(within(bill).queryByText(/try again/i)).toBeNull();
    expect(within(bill).queryByRole('button', { name: 'Pay $26.30 by card' })).toBeNull();
    const row = screen.getByRole('row', { name: /October 2026/ });
    expect(within(row).getByText('Unknown')).toBeTruthy();
    expect(within(row).getByText(/being confirmed with the card company/)).toBeTruthy();
  });
});

describe('a bill a charge was waived on after it was issued', () => {
  it('says it was revised, when, what was waived and what it was as issued', async () => {
    revision = { on: '2026-11-03', issuedTotalCents: 2877 };
    renderPage(<BillsPage route={routeByName('bills')} />);
    const bill = await screen.findByRole('region', { name: 'October 2026 bill' });
    expect(
      await within(bill).findByText(
        'Revised on 3 November 2026: $2.47 waived. Total as issued on 1 November 2026: $28.77.',
      ),
    ).toBeTruthy();
  });

  it('says nothing of a revision on a bill never revised', async () => {
    renderPage(<BillsPage route={routeByName('bills')} />);
    const bill = await screen.findByRole('region', { name: 'October 2026 bill' });
    await within(bill).findByText('Left to pay on this bill');
    expect(within(bill).queryByText(/Revised on/)).toBeNull();
  });
});
