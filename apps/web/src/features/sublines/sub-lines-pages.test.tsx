import { routeByName } from '@selfcare/domain';
import type { SubLinesView } from '@selfcare/domain/contracts/sub-lines';
import { OrderMessages, SubLineMessages } from '@selfcare/domain/order';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../components/ui/notify.ts';
import { session } from '../../lib/session.ts';
import { fakeServer, ok, refused, type Seen, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import SubLineCreatePage from './pages/sub-line-create-page.tsx';
import SubLinesPage from './pages/sub-lines-page.tsx';

vi.mock('../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const empty: SubLinesView = { lines: [], limit: 9, remaining: 9, blocked: null, hold: null, holdMinutes: 30 };
const FEES = {
  newNumberCents: 2200,
  homeDeliveryCents: 500,
  adminCents: 1300,
  simReplacementCents: 550,
  overdueNoticeCents: 500,
  numberChangeCents: 2200,
  gstPercent: 9,
};
const OFFER = {
  plans: [
    {
      code: 'LITE-10',
      name: 'Lite 10',
      group: 'consumer',
      companyCode: null,
      monthlyCents: 1000,
      dataGb: 10,
      talkMinutes: 100,
      sms: 100,
      roamingGb: 0,
      description: '10 GB',
    },
  ],
  addons: [],
  fees: FEES,
  maxLines: 9,
  networks: [],
};

/** The FIN of another customer of ours (ADR 0032). */
const ANOTHERS = 'M1234567K';

let seen: Seen[];
let view: SubLinesView;
beforeEach(() => {
  session.set(sessionOf('token-1'));
  view = empty;
  seen = fakeServer((req) => {
    if (req.method === 'GET' && req.path === '/api/v1/sub-lines') return ok(view);
    if (req.path === '/api/v1/sub-lines/offer') return ok(OFFER);
    if (req.path.startsWith('/api/v1/sub-lines/numbers'))
      return ok({ numbers: ['87000001', '87000002'], page: 1, pageSize: 20, totalPages: 1, total: 2 });
    if (req.path.startsWith('/api/v1/sub-lines/delivery-dates')) return ok({ dates: [] });
    if (req.method === 'PUT' && req.path === '/api/v1/sub-lines/hold') {
      const { msisdn } = JSON.parse(req.body ?? '{}') as { msisdn: string };
      view = { ...view, hold: { msisdn, heldUntil: new Date(Date.now() + 30 * 60_000).toISOString() } };
      return ok(view);
    }
    if (req.method === 'POST' && req.path === '/api/v1/sub-lines') {
      const input = JSON.parse(req.body ?? '{}') as { msisdn: string; assignee: { idNumber: string } };
      if (input.msisdn === '87000001') return refused(409, 'The phone number has already been registered');
      if (input.assignee.idNumber === ANOTHERS)
        return refused(409, SubLineMessages.idOfAnotherAccount, {
          fields: { 'assignee.idNumber': SubLineMessages.idOfAnotherAccount },
        });
      return ok({ orderId: 'o1', orderNumber: 'SC100200' }, SubLineMessages.added);
    }
    return { status: 404 };
  }).seen;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notifySuccess).mockClear();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('/manage/mobileSubLine/create', () => {
  it('checks the details first, holds the chosen number, and adds the line with it', async () => {
    renderPage(<SubLineCreatePage route={routeByName('mobileSubLineCreate')} />);
    expect(await screen.findByRole('heading', { name: 'Add Us', level: 1 })).toBeTruthy();
    // Nothing filled in: the form says what is missing and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Add Us line' }));
    expect(await screen.findByText('Full name as on ID is required')).toBeTruthy();
    expect(screen.getByText(OrderMessages.choosePlan)).toBeTruthy();
    expect(screen.getByText(OrderMessages.chooseUsNumber)).toBeTruthy();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);

    type('Full name as on ID', 'Tan Mei Ling');
    type('NRIC or FIN', 'S1234567A');
    type('Contact number', '91234567');
    fireEvent.click(screen.getByRole('radio', { name: /Lite 10/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Us line' }));
    expect(await screen.findByText(SubLineMessages.idInvalid)).toBeTruthy();

    type('NRIC or FIN', 'S8979373D');
    fireEvent.click(await screen.findByRole('radio', { name: '8700 0002' }));
    // Chosen, not held yet: the number's problem says what is left to do.
    expect(screen.queryByText(OrderMessages.chooseUsNumber)).toBeNull();
    expect(screen.getByText('Hold +65 8700 0002 to keep it for this line.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hold +65 8700 0002' }));
    expect(await screen.findByText(/\+65 8700 0002 is held for you until/)).toBeTruthy();
    type('Postal code', '238801');
    type('Block / house number', '1');
    type('Street', 'Orchard Road');
    fireEvent.click(screen.getByRole('button', { name: 'Add Us line' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(SubLineMessages.added));
    const sent = JSON.parse(seen.find((r) => r.method === 'POST')?.body ?? '{}');
    expect(sent).toMatchObject({
      assignee: { fullName: 'Tan Mei Ling', idNumber: 'S8979373D', contactNumber: '91234567' },
      planCode: 'LITE-10',
      numberType: 'NORMAL',
      msisdn: '87000002',
      delivery: { deliveryMethod: 0, delivery: { postalCode: '238801', roadName: 'Orchard Road' } },
    });
  });
});

describe('a number held before the page was reloaded', () => {
  it('is shown chosen and held, and the line is added with it without choosing again', async () => {
    view = {
      ...empty,
      hold: { msisdn: '87000002', heldUntil: new Date(Date.now() + 20 * 60_000).toISOString() },
    };
    renderPage(<SubLineCreatePage route={routeByName('mobileSubLineCreate')} />);
    expect(await screen.findByText(/\+65 8700 0002 is held for you until/)).toBeTruthy();
    expect(((await screen.findByRole('radio', { name: '8700 0002' })) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: /^Hold / })).toBeNull();
    type('Full name as on ID', 'Tan Mei Ling');
    type('NRIC or FIN', 'S8979373D');
    type('Contact number', '91234567');
    fireEvent.click(screen.getByRole('radio', { name: /Lite 10/ }));
    type('Postal code', '238801');
    type('Block / house number', '1');
    type('Street', 'Orchard Road');
    fireEvent.click(screen.getByRole('button', { name: 'Add Us line' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(SubLineMessages.added));
    expect(JSON.parse(seen.find((r) => r.method === 'POST')?.body ?? '{}')).toMatchObject({
      msisdn: '87000002',
    });
  });
});

describe("another customer's NRIC or FIN", () => {
  it('is refused on the NRIC field, with the API’s words, and nothing is added', async () => {
    renderPage(<SubLineCreatePage route={routeByName('mobileSubLineCreate')} />);
    await screen.findByRole('heading', { name: 'Add Us', level: 1 });
    type('Full name as on ID', 'Tan Mei Ling');
    type('NRIC or FIN', ANOTHERS);
    type('Contact number', '91234567');
    fireEvent.click(screen.getByRole('radio', { name: /Lite 10/ }));
    fireEvent.click(await screen.findByRole('radio', { name: '8700 0002' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hold +65 8700 0002' }));
    await screen.findByText(/\+65 8700 0002 is held for you until/);
    type('Postal code', '238801');
    type('Block / house number', '1');
    type('Street', 'Orchard Road');
    fireEvent.click(screen.getByRole('button', { name: 'Add Us line' }));

    const error = await screen.findByText(SubLineMessages.idOfAnotherAccount);
    const field = screen.getByRole('textbox', { name: /NRIC or FIN/ });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});

describe('/manage/mobileSubLine', () => {
  it('lists each Us line with its user and where it stands, and says when no more may be added', async () => {
    view = {
      ...empty,
      remaining: 0,
      blocked: OrderMessages.tooManyLines(10),
      lines: [
        {
          id: 'l1',
          fullName: 'Tan Mei Ling',
          msisdn: '87000002',
          numberType: 'NORMAL',
          typeSim: 0,
          state: 'active',
          orderId: 'o1',
          orderNumber: 'SC100200',
          orderStatus: 'Completed',
          loginNumber: '87000002',
          addedAt: '2026-11-20T02:00:00Z',
        },
        {
          id: 'l2',
          fullName: 'Lim Ah Kow',
          msisdn: '91110000',
          numberType: 'RETAIN',
          typeSim: 1,
          state: 'ordered',
          orderId: 'o2',
          orderNumber: 'SC100201',
          orderStatus: 'Payment success created in MVNE',
          loginNumber: null,
          addedAt: '2026-11-24T02:00:00Z',
        },
      ],
    };
    renderPage(<SubLinesPage route={routeByName('mobileSubLine')} />);
    expect(await screen.findByRole('rowheader', { name: '+65 8700 0002' })).toBeTruthy();
    expect(screen.getByText('Tan Mei Ling')).toBeTruthy();
    expect(screen.getByText('Signs in with +65 8700 0002')).toBeTruthy();
    // Nothing was paid for it: its order is being checked, in the customer's words.
    expect(screen.getByText('Ordered: Being checked')).toBeTruthy();
    expect(screen.queryByText(/MVNE|Paid/)).toBeNull();
    expect(screen.getByText('You have 9 of 9 Us lines.')).toBeTruthy();
    expect(screen.getByText(OrderMessages.tooManyLines(10))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add Us line' })).toBeNull();
  });
});
