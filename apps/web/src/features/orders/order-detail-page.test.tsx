import { pathFor, routeByName } from '@selfcare/domain';
import type { OrderDetail } from '@selfcare/domain/contracts/order-history';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessageTexts, setLanguage } from '../../lib/i18n.ts';
import { navigate } from '../../lib/router.tsx';
import { session } from '../../lib/session.ts';
import { customer, fakeServer, ok, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import OrderDetailPage from './pages/order-detail-page.tsx';

const ID = '33333333-3333-4333-8333-333333333333';
const ION = {
  postalCode: '238801',
  blockNumber: '2',
  roadName: 'ORCHARD TURN',
  building: 'ION ORCHARD',
  unitNumber: '#04-12',
};
const order = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  id: ID,
  orderNumber: 'SC100321',
  createdAt: '2026-03-05T08:00:00.000Z',
  totalCents: 5350,
  status: 'Unsuccessful payment',
  kind: 'order',
  dueNowCents: 5350,
  typeSim: 0,
  deliveryMethod: 0,
  deliveryDate: '2026-03-06',
  deliveryAddress: ION,
  billingAddress: ION,
  quote: {
    items: [{ kind: 'plan', label: 'Me: Value 20', amountCents: 5350 }],
    totalCents: 5350,
    gstPercent: 9,
    gstCents: 442,
    dueNowCents: 5350,
  },
  lines: [
    {
      position: 0,
      label: 'Me',
      planName: 'Value 20',
      addonCodes: [],
      numberType: 'NORMAL',
      msisdn: '88001234',
    },
  ],
  timeline: [
    { at: '2026-03-05T08:00:00.000Z', text: 'Order placed', label: 'Order placed', detail: null },
    {
      at: '2026-03-05T09:05:00.000Z',
      text: 'Not paid in time: order closed',
      label: 'Not paid in time: order closed',
      detail: null,
    },
  ],
  outcome: { reason: null, at: '2026-03-05T09:05:00.000Z', refund: null },
  ...over,
});

let detail: OrderDetail;
beforeEach(() => {
  session.set({ ...sessionOf('token-1'), authUser: customer({ status: 0, activated: false }) });
  detail = order();
  fakeServer((req) => (req.path === `/api/v1/orders/${ID}` ? ok(detail) : { status: 404 }));
  navigate(pathFor('orderDetail', { id: ID }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const page = () => renderPage(<OrderDetailPage route={routeByName('orderDetail')} />);

describe('an order closed because it was not paid in time', () => {
  it('says it was closed and why, that nothing was charged, and offers a new order', async () => {
    page();
    expect(
      await screen.findByRole('heading', { name: 'Your order SC100321 was closed: it was not paid in time' }),
    ).toBeTruthy();
    expect(screen.getAllByText('Not paid in time').length).toBeGreaterThan(0);
    expect(
      screen.getByText(
        'An order waits an hour for its payment after checkout. This one was not paid in that time, so we closed it: a new number or a promotion code it held is free again.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Nothing was charged, so there is nothing to refund.')).toBeTruthy();
    const again = screen.getByRole('link', { name: 'Place a new order' });
    expect(again.getAttribute('href')).toBe(pathFor('getStarted'));
  });

  it('shows the refund of a payment that came in after it closed', async () => {
    detail = order({ outcome: { reason: null, at: null, refund: { amountCents: 5350, status: 'pending' } } });
    page();
    expect(
      await screen.findByRole('heading', { name: 'Your order SC100321 was closed: it was not paid in time' }),
    ).toBeTruthy();
    expect(screen.getByText(/\$53\.50, on its way to your card/)).toBeTruthy();
  });

  it('reads apart from a declined payment, whose order is still open to pay', async () => {
    const closed = page();
    expect(await screen.findByRole('heading', { name: /was closed/ })).toBeTruthy();
    expect(screen.queryByText('Payment failed')).toBeNull();
    closed.unmount();

    detail = order({ status: 'Payment failed', outcome: null });
    page();
    expect(await screen.findByText('Payment failed')).toBeTruthy();
    expect(screen.queryByText('Not paid in time')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Place a new order' })).toBeNull();
  });
});

describe("an order's timeline", () => {
  afterEach(() => setLanguage('en'));

  it("says each step and fee in the reader's language, and the delivery method it names, with its tracking code as recorded", async () => {
    const sent = { at: '2026-03-06T02:00:00.000Z', label: 'SIM sent', detail: 'Home Delivery · NV-1001' };
    const esim = {
      at: '2026-03-07T02:00:00.000Z',
      label: 'eSIM ready to install',
      detail: '81000001, installation 1 of 2',
    };
    const fee = {
      at: '2026-03-20T02:00:00.000Z',
      label: 'Admin fee added to your first bill',
      detail: 'SIM not activated within 14 days of order SC100321',
    };
    const typed = {
      at: '2026-03-21T02:00:00.000Z',
      label: 'Order cancelled',
      detail: 'Order SC100321 cancelled',
    };
    detail = order({
      quote: {
        ...order().quote,
        items: [
          { kind: 'plan', label: 'Me: Value 20', amountCents: 2000 },
          { kind: 'numberFee', label: 'Us 1: New number fee', amountCents: 1000 },
          { kind: 'delivery', label: 'Delivery', amountCents: 500 },
        ],
      },
      timeline: [
        ...order().timeline,
        ...[sent, esim, fee, typed].map((step) => ({ ...step, text: `${step.label}: ${step.detail}` })),
      ],
    });
    // The signed-in pages' domain messages, as every query page loads them (lib/query-pages.tsx).
    await loadMessageTexts(
      'more',
      import.meta.glob('../../../../../packages/domain/src/locales/messages.*.json', { import: 'default' }),
    );
    await setLanguage('zh');
    page();
    expect(await screen.findByText('已下单')).toBeTruthy();
    expect(screen.getByText('SIM 卡已寄出：上门配送 · NV-1001')).toBeTruthy();
    // What the API wrote in words is said in Chinese; what staff typed stays as typed.
    expect(screen.getByText(/81000001，第 1 次安装（共 2 次）$/)).toBeTruthy();
    expect(screen.getByText(/订单 SC100321 的 SIM 卡未在 14 天内激活$/)).toBeTruthy();
    expect(screen.getByText(/：Order SC100321 cancelled$/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '您的订单 SC100321 已关闭：未按时付款' })).toBeTruthy();
    expect(screen.queryByText('Order placed')).toBeNull();
    // The charges the API worded; a plan's item is its line and the catalog's name.
    expect(screen.getByRole('cell', { name: 'Us 1：新号码费' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '配送费' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Me: Value 20' })).toBeTruthy();
  });
});
