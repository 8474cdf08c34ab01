import type { OrderSummary } from '@selfcare/domain/contracts/order-checkout';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { SummaryStep } from './summary-step.tsx';

const ADDRESS = { postalCode: '238801', blockNumber: '2', roadName: 'ORCHARD TURN', building: 'ION ORCHARD' };
const summary = (discountCents = 0): OrderSummary => ({
  lines: [
    {
      label: 'Me',
      planName: 'Value 20',
      addons: ['Voicemail'],
      numberType: 'NORMAL',
      msisdn: '81230002',
      donorNetwork: null,
    },
    {
      label: 'Us 1',
      planName: 'Max 55',
      addons: [],
      numberType: 'RETAIN',
      msisdn: '91234567',
      donorNetwork: 'StarHub',
    },
  ],
  quote: {
    items: [
      { kind: 'plan', label: 'Value 20, first month', amountCents: 2000 },
      { kind: 'delivery', label: 'Home Delivery', amountCents: 550 },
      ...(discountCents ? [{ kind: 'promotion', label: 'WELCOME10', amountCents: -discountCents }] : []),
    ],
    subtotalCents: 2550,
    discountCents,
    totalCents: 2550 - discountCents,
    gstPercent: 9,
    gstCents: 211,
    dueNowCents: 2550 - discountCents,
  },
  roadshow: false,
  typeSim: 0,
  delivery: {
    deliveryMethod: 0,
    delivery: ADDRESS,
    deliveryDate: '2026-12-03',
    billingSameAsDelivery: true,
    billing: null,
  },
  account: { fullName: 'Tan Mei Ling', idNumber: 'S8979373D', contactNumber: '91234567' },
  reservationUntil: null,
});
const server = () =>
  fakeServer((req: Seen) => {
    if (req.path === '/api/v1/orders/draft/summary') return ok(summary());
    if (req.path === '/api/v1/orders/draft/summary?promotionCode=WELCOME10') return ok(summary(255));
    if (req.path.startsWith('/api/v1/orders/draft/summary'))
      return refused(422, 'This promotion code is invalid or has expired.');
    return ok({ attemptId: 'a-1', redirectUrl: 'https://pay.example.com/card/a-1' });
  });
const checkouts = (seen: Seen[]) =>
  seen
    .filter((r) => r.method === 'POST' && r.path === '/api/v1/orders/checkout')
    .map((r) => JSON.parse(r.body ?? ''));

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('step 5, the order summary', () => {
  it('shows each line with its plan and number, the SIM and addresses, the charges with GST, and the amount to pay', async () => {
    server();
    renderPage(<SummaryStep onBack={() => {}} notice={null} />);
    const lines = within(await screen.findByRole('table', { name: 'Your lines' }));
    expect(
      lines.getByRole('row', { name: /Me Value 20 Voicemail 8123 0002 Select a New Number/ }),
    ).toBeTruthy();
    expect(lines.getByRole('row', { name: /Us 1 Max 55 9123 4567 Moving from StarHub/ })).toBeTruthy();
    const sim = within(screen.getByRole('table', { name: 'Your SIM and addresses' }));
    expect(sim.getByRole('row', { name: 'SIM type Physical SIM' })).toBeTruthy();
    expect(sim.getByRole('row', { name: /Delivery method Home Delivery, / })).toBeTruthy();
    expect(sim.getAllByText(/ORCHARD TURN/)).toHaveLength(2);
    const charges = within(screen.getByRole('table', { name: 'Charges' }));
    expect(charges.getByRole('row', { name: 'Total $25.50' })).toBeTruthy();
    expect(charges.getByRole('row', { name: 'Includes GST (9%) $2.11' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $25.50' })).toBeTruthy();
  });

  it("will not pay before the terms are accepted: 'Please accept the Terms and Conditions'", async () => {
    const fake = server();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderPage(<SummaryStep onBack={() => {}} notice={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $25.50' }));
    expect(await screen.findByText('Please accept the Terms and Conditions')).toBeTruthy();
    expect(checkouts(fake.seen)).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("says a promotion code is refused in the server's words, and takes one that is good off the total", async () => {
    server();
    renderPage(<SummaryStep onBack={() => {}} notice={null} />);
    const code = await screen.findByRole('textbox', { name: 'Promotion code' });
    fireEvent.change(code, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promotion code is invalid or has expired.')).toBeTruthy();
    fireEvent.change(code, { target: { value: ' WELCOME10 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Pay $22.95' })).toBeTruthy();
  });

  it("passes on the accepted terms and the applied code to the payment, and goes to the gateway's card page", async () => {
    const fake = server();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderPage(<SummaryStep onBack={() => {}} notice={null} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Promotion code' }), {
      target: { value: 'WELCOME10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $22.95' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.com/card/a-1'));
    expect(checkouts(fake.seen)).toEqual([{ acceptTerms: true, promotionCode: 'WELCOME10' }]);
  });

  it('says why the customer is back from the card page, with the terms they accepted to get there', async () => {
    server();
    renderPage(<SummaryStep onBack={() => {}} notice="Payment deduction failed." termsAccepted />);
    expect(await screen.findByText('Payment deduction failed.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' })).toHaveProperty(
      'checked',
      true,
    );
  });
});
