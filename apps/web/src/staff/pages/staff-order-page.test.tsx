import type { StaffOrder, StaffSession } from '@selfcare/domain/contracts/staff';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../lib/router.tsx';
import { fakeServer, ok, type Seen } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { staffSession } from '../staff-api.ts';
import { StaffApp } from '../staff-app.tsx';

const AGENT: StaffSession = {
  token: 'token-agent',
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: 'agent@example.com', name: 'Priya Nair', role: 'agent' },
};

const ORDER: StaffOrder = {
  id: '5c2d9e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  orderNumber: 'SC1042',
  status: 'Delivery in progress',
  // 4:51 pm in Singapore.
  createdAt: '2026-11-20T08:51:00.000Z',
  roadshow: false,
  kind: 'order',
  typeSim: 0,
  deliveryMethod: 0,
  deliveryDate: '2026-11-25',
  deliveryAddress: {
    blockNumber: '123',
    roadName: 'Ang Mo Kio Ave 3',
    unitNumber: '#08-123',
    postalCode: '560123',
  },
  billingAddress: {
    blockNumber: '123',
    roadName: 'Ang Mo Kio Ave 3',
    unitNumber: '#08-123',
    postalCode: '560123',
  },
  totalCents: 3500,
  dueNowCents: 3500,
  mvneOrderId: 'MVNE-77',
  customer: {
    id: 'a9e0c4b2-7d3f-4e1a-8b6c-5d4e3f2a1b0c',
    email: 'arun@example.sg',
    phoneNumber: '91234567',
    status: 1,
  },
  profile: {
    salutation: 'Mr',
    fullName: 'Arun Kumar',
    dateOfBirth: '1990-09-17',
    contactNumber: '91234567',
    idType: 2,
    idNumber: 'G1234567X',
    idIssueDate: '2019-09-03',
    idExpiryDate: null,
    passType: 'Employment Pass',
    passExpiry: '2027-09-30',
    employer: 'Acme Pte Ltd',
    myinfoVerified: [],
  },
  lines: [
    {
      id: 'l-1',
      position: 0,
      label: 'Me',
      planCode: 'VALUE20',
      planName: 'Value 20',
      addonCodes: [],
      numberType: 'NEW',
      msisdn: '81234567',
      donorNetwork: null,
      iccid: '8965012345678901234',
      assignee: null,
      service: null,
    },
  ],
  payment: { amountCents: 3500, at: '2026-11-20T08:52:00.000Z', card: 'VISA •••• 4242' },
  refund: null,
  deliveries: [
    {
      id: 'd-1',
      deliveryMethod: 0,
      deliveryDate: '2026-11-25',
      trackingCode: 'NV-SG-12345678',
      status: 'sent',
      iccids: ['8965012345678901234'],
      failureReason: null,
      createdAt: '2026-11-23T01:00:00.000Z',
      completedAt: null,
      createdBy: 'Priya Nair',
    },
  ],
  documents: [],
  timeline: [{ at: '2026-11-20T08:52:00.000Z', type: 'paid', detail: '$35.00', staff: null }],
  audit: [
    {
      id: 1,
      at: '2026-11-23T01:00:00.000Z',
      action: 'delivery-created',
      reason: null,
      subject: null,
      staff: 'Priya Nair',
      role: 'agent',
    },
  ],
  actions: [],
  waitingOnMvne: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  staffSession.clear();
});

describe('/staff/orders/{id}', () => {
  it('writes every day and moment as the customer reads them, no ISO date among them', async () => {
    staffSession.start(AGENT);
    act(() => navigate(`/staff/orders/${ORDER.id}`, { replace: true }));
    fakeServer((req: Seen) =>
      req.method === 'GET' && req.path === `/api/v1/staff/orders/${ORDER.id}` ? ok(ORDER) : { status: 404 },
    );
    renderPage(<StaffApp />);
    expect(await screen.findByRole('heading', { name: 'Order SC1042' })).toBeTruthy();

    expect(
      screen.getByText(
        /^Ordered 20 November 2026, 4:51 pm · Physical SIM · Home Delivery on Wednesday, 25 November 2026 ·/,
      ),
    ).toBeTruthy();
    const field = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(field('Date of birth')).toBe('17 September 1990');
    expect(field('ID issued')).toBe('3 September 2019');
    expect(field('Pass')).toBe('Employment Pass, expires 30 September 2027');
    expect(field('Paid')).toBe('$35.00 on 20 November 2026, 4:52 pm');
    expect(
      screen.getByText(/^Home Delivery on Wednesday, 25 November 2026, tracking NV-SG-12345678: sent/),
    ).toBeTruthy();
    const timeline = screen.getByRole('heading', { name: 'Timeline' }).parentElement as HTMLElement;
    expect(within(timeline).getByText(/^20 November 2026, 4:52 pm · /)).toBeTruthy();
    const audit = screen.getByRole('heading', { name: 'Audit log' }).parentElement as HTMLElement;
    expect(within(audit).getByText(/^23 November 2026, 9:00 am · Priya Nair \(agent\)/)).toBeTruthy();

    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/Sept\b/);
  });

  it("says what an 'Us' line's order was paid with, never 'Paid' when nothing was charged", async () => {
    staffSession.start(AGENT);
    const added: StaffOrder = { ...ORDER, kind: 'sub-line', dueNowCents: 0, payment: null };
    act(() => navigate(`/staff/orders/${ORDER.id}`, { replace: true }));
    fakeServer((req: Seen) =>
      req.method === 'GET' && req.path === `/api/v1/staff/orders/${ORDER.id}` ? ok(added) : { status: 404 },
    );
    renderPage(<StaffApp />);
    expect(await screen.findByRole('heading', { name: 'Order SC1042' })).toBeTruthy();
    const payment = screen.getByRole('heading', { name: 'Payment' }).parentElement as HTMLElement;
    expect(within(payment).queryByText('Paid')).toBeNull();
    expect(within(payment).getByText('Payment', { selector: 'p' }).nextElementSibling?.textContent).toBe(
      'Nothing charged: billed monthly with the account',
    );
  });
});
