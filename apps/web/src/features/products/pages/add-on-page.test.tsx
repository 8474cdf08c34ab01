import { routeByName } from '@selfcare/domain';
import type { CatalogProduct, LineProduct, ProductsView } from '@selfcare/domain/contracts/products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { session } from '../../../lib/session.ts';
import { customer, fakeServer, ok, refused, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import AddOnPage from './add-on-page.tsx';

vi.mock('../../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const LINE = '0b6f6a3e-1c1e-4c53-9f3e-5d2a7f1b0a01';
const addon = (over: Partial<CatalogProduct>): CatalogProduct => ({
  code: 'DATA-20',
  kind: 'addon',
  name: 'Extra 20GB',
  description: '20GB more local data every month.',
  descriptions: {},
  priceCents: 500,
  recurrence: 'monthly',
  validityDays: null,
  shareable: false,
  countries: [],
  planCodes: null,
  ...over,
});
const owned = (over: Partial<LineProduct>): LineProduct => ({
  id: '7f1b0a01-1c1e-4c53-9f3e-5d2a0b6f6a3e',
  code: 'DATA-20',
  kind: 'addon',
  name: 'Extra 20GB',
  recurrence: 'monthly',
  priceCents: 500,
  lineId: LINE,
  lineIds: [LINE],
  state: 'active',
  payment: null,
  startsAt: '2026-06-02T02:00:00Z',
  endsAt: null,
  changeable: true,
  ...over,
});
const view = (products: LineProduct[]): ProductsView => ({
  lines: [
    {
      id: LINE,
      msisdn: '91000004',
      isMainLine: true,
      planCode: 'LITE-10',
      planName: 'Lite 10',
      state: 'active',
    },
  ],
  catalog: [
    addon({}),
    addon({ code: 'VOICEMAIL', name: 'Voicemail', priceCents: 200, description: 'Voicemail with SMS.' }),
    addon({ code: 'MAX-ONLY', name: 'Max Extra', planCodes: ['MAX-55'] }),
  ],
  products,
  removalAt: '2026-06-30T16:00:00Z',
  iddRates: [],
  card: null,
});

const open = () => renderPage(<AddOnPage route={routeByName('addOn')} />);

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the add-on page', () => {
  it("lists the add-ons the line's plan may have, and subscribes after showing the price, once per confirmation", async () => {
    let products = [owned({})];
    const server = fakeServer((req: Seen) => {
      if (req.method === 'GET' && req.path === '/api/v1/products?kind=addon') return ok(view(products));
      if (req.method === 'GET' && req.path === '/api/v1/products?kind=top-up') return ok(view([]));
      if (req.method === 'POST' && req.path === '/api/v1/products') {
        const added = owned({
          id: 'new-1',
          code: 'VOICEMAIL',
          name: 'Voicemail',
          state: 'pending',
          startsAt: null,
        });
        products = [...products, added];
        return {
          status: 201,
          body: {
            data: added,
            status: 201,
            message: 'Add-on subscribed/unsubscribed successfully.',
            extra_info: {},
          },
        };
      }
      return refused(404, 'Not found');
    });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Add-ons' })).toBeTruthy();
    const line = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    // Not for this plan: not offered.
    expect(within(line).queryByText('Max Extra')).toBeNull();
    const data = within(line).getByRole('group', { name: 'Extra 20GB' });
    expect(within(data).getByText('Subscribed since 2 June 2026')).toBeTruthy();

    fireEvent.click(
      within(line).getByRole('button', { name: 'Subscribe to Voicemail on +65 9100 0004 (Me)' }),
    );
    const voicemail = within(line).getByRole('group', { name: 'Voicemail' });
    expect(within(voicemail).getByText(/Voicemail costs \$2\.00 a month, GST included\./)).toBeTruthy();
    const confirm = within(voicemail).getByRole('button', {
      name: 'Confirm subscribing to Voicemail on +65 9100 0004 (Me)',
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith('Add-on subscribed/unsubscribed successfully.'),
    );
    const posted = server.seen.filter((r) => r.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(JSON.parse(posted[0]?.body ?? '{}')).toMatchObject({
      code: 'VOICEMAIL',
      lineId: LINE,
      priceCents: 200,
    });
    expect(
      await within(line).findByText(
        'Being set up on the network. It shows as subscribed as soon as the network confirms it.',
      ),
    ).toBeTruthy();
  });

  it('shows the new price when the catalog’s changed after the page showed it', async () => {
    let price = 200;
    fakeServer((req: Seen) => {
      if (req.method === 'GET') {
        const shown = view([]);
        return ok({
          ...shown,
          catalog: shown.catalog.map((p) => (p.code === 'VOICEMAIL' ? { ...p, priceCents: price } : p)),
        });
      }
      price = 250;
      return refused(409, 'The price has changed to $2.50. Please check it and confirm again.', {
        priceCents: 250,
      });
    });
    open();
    const line = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    fireEvent.click(
      within(line).getByRole('button', { name: 'Subscribe to Voicemail on +65 9100 0004 (Me)' }),
    );
    const voicemail = within(line).getByRole('group', { name: 'Voicemail' });
    fireEvent.click(
      within(voicemail).getByRole('button', {
        name: 'Confirm subscribing to Voicemail on +65 9100 0004 (Me)',
      }),
    );
    expect(
      await within(voicemail).findByText(
        'The price has changed to $2.50. Please check it and confirm again.',
      ),
    ).toBeTruthy();
    expect(
      await within(voicemail).findByText(/Voicemail costs \$2\.50 a month, GST included\./),
    ).toBeTruthy();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('unsubscribes to the end of the month after saying so, and shows the API’s refusal', async () => {
    fakeServer((req: Seen) => {
      if (req.method === 'GET') return ok(view([owned({})]));
      if (req.method === 'DELETE') return refused(409, 'The line does not have this product.');
      return refused(404, 'Not found');
    });
    open();
    const line = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    fireEvent.click(
      within(line).getByRole('button', { name: 'Unsubscribe from Extra 20GB on +65 9100 0004 (Me)' }),
    );
    expect(
      within(line).getByText('Extra 20GB stays on until the end of 30 June 2026 and is charged until then.'),
    ).toBeTruthy();
    fireEvent.click(
      within(line).getByRole('button', {
        name: 'Confirm unsubscribing from Extra 20GB on +65 9100 0004 (Me)',
      }),
    );
    expect(await within(line).findByText('The line does not have this product.')).toBeTruthy();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('says when an add-on the network starts on a later day starts, and lets it be unsubscribed', async () => {
    fakeServer((req: Seen) => {
      if (req.method === 'GET')
        return ok(view([owned({ state: 'scheduled', startsAt: '2026-06-30T16:00:00Z' })]));
      return refused(404, 'Not found');
    });
    open();
    const line = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    const row = within(line).getByRole('group', { name: 'Extra 20GB' });
    expect(within(row).getByText('Starts on 1 July 2026')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Subscribe/ })).toBeNull();
    expect(
      within(row).getByRole('button', { name: 'Unsubscribe from Extra 20GB on +65 9100 0004 (Me)' }),
    ).toBeTruthy();
  });

  it('moves the keyboard to what is confirmed, back to the button on Cancel, and to the name once done', async () => {
    let products = [owned({})];
    fakeServer((req: Seen) => {
      if (req.method === 'GET') return ok(view(products));
      if (req.method === 'DELETE') {
        products = [owned({ state: 'ending', endsAt: '2026-06-30T16:00:00Z' })];
        return ok(products[0], 'Add-on subscribed/unsubscribed successfully.');
      }
      return refused(404, 'Not found');
    });
    open();
    const line = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    const subscribe = within(line).getByRole('button', {
      name: 'Subscribe to Voicemail on +65 9100 0004 (Me)',
    });
    subscribe.focus();
    fireEvent.click(subscribe);
    const voicemail = within(line).getByRole('group', { name: 'Voicemail' });
    expect(document.activeElement).toBe(within(voicemail).getByText(/^Voicemail costs \$2\.00 a month/));
    fireEvent.click(
      within(voicemail).getByRole('button', {
        name: 'Cancel subscribing to Voicemail on +65 9100 0004 (Me)',
      }),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(line).getByRole('button', { name: 'Subscribe to Voicemail on +65 9100 0004 (Me)' }),
      ),
    );

    // Once unsubscribed, Unsubscribe is gone: the keyboard goes to the add-on's name.
    const data = within(line).getByRole('group', { name: 'Extra 20GB' });
    fireEvent.click(
      within(data).getByRole('button', { name: 'Unsubscribe from Extra 20GB on +65 9100 0004 (Me)' }),
    );
    expect(document.activeElement).toBe(
      within(data).getByText('Extra 20GB stays on until the end of 30 June 2026 and is charged until then.'),
    );
    fireEvent.click(
      within(data).getByRole('button', {
        name: 'Confirm unsubscribing from Extra 20GB on +65 9100 0004 (Me)',
      }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalled());
    expect(await within(data).findByText('Ends on 30 June 2026')).toBeTruthy();
    expect(within(data).queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(data).getByText('Extra 20GB')));
  });

  it('sells lite top-ups to a customer without the booster flag, after showing the card and price', async () => {
    session.set({ ...sessionOf('token-1'), authUser: customer({ enable: false }) });
    const topUp = addon({
      code: 'TOPUP-1',
      kind: 'top-up',
      name: 'Lite Top-up 1GB',
      description: '1GB of local data, for 30 days.',
      priceCents: 200,
      recurrence: 'once',
      validityDays: 30,
    });
    const bought = owned({
      id: 'top-1',
      code: 'TOPUP-3',
      kind: 'top-up',
      name: 'Lite Top-up 3GB',
      recurrence: 'once',
      payment: 'paid',
      endsAt: '2026-07-02T02:00:00Z',
    });
    const card = { brand: 'visa', last4: '4242' };
    const server = fakeServer((req: Seen) => {
      if (req.path === '/api/v1/products?kind=addon') return ok({ ...view([]), card });
      if (req.path === '/api/v1/products?kind=top-up')
        return ok({ ...view([bought]), catalog: [topUp], card });
      if (req.method === 'POST')
        return {
          status: 201,
          body: {
            data: owned({ id: 'top-2', code: 'TOPUP-1', kind: 'top-up', state: 'pending' }),
            status: 201,
            message: 'Data updated successfully',
            extra_info: {},
          },
        };
      return refused(404, 'Not found');
    });
    open();
    const yours = await screen.findByRole('region', { name: 'Your lite top-ups' });
    const item = within(yours).getByRole('listitem');
    expect(within(item).getByText('Lite Top-up 3GB')).toBeTruthy();
    expect(within(item).getByText('Valid until 2 July 2026')).toBeTruthy();
    // Its details are on the Booster pages, which this login does not have.
    expect(within(item).queryByRole('link')).toBeNull();
    // The add-ons are listed once, without the top-ups among them.
    const line = screen.getByRole('region', { name: '+65 9100 0004 (Me)' });
    expect(within(line).getAllByRole('group', { name: 'Extra 20GB' })).toHaveLength(1);
    expect(within(line).queryByText('Lite Top-up 1GB')).toBeNull();

    const onSale = within(screen.getByRole('region', { name: 'Lite top-up' })).getByRole('group', {
      name: 'Lite Top-up 1GB',
    });
    fireEvent.click(within(onSale).getByRole('button', { name: 'Buy Lite Top-up 1GB' }));
    expect(
      within(onSale).getByText(
        'Lite Top-up 1GB for +65 9100 0004 (Me): $2.00 charged now to VISA •••• 4242. Valid for 30 days from now.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(onSale).getByRole('button', { name: 'Confirm buying Lite Top-up 1GB' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully'));
    const posted = server.seen.filter((r) => r.method === 'POST');
    expect(JSON.parse(posted[0]?.body ?? '{}')).toMatchObject({ code: 'TOPUP-1', lineId: LINE });
  });
});
