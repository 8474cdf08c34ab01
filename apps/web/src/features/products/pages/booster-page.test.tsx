import { routeByName } from '@selfcare/domain';
import type { LineProduct } from '@selfcare/domain/contracts/products';
import { ProductMessages } from '@selfcare/domain/products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { BOOSTERS, owned, renderPage, saved, TOP_UPS, US1, US2, view } from '../test/fixtures.tsx';
import BoosterPage from './booster-page.tsx';

vi.mock('../../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BOOSTERS_PATH = '/api/v1/products?kind=booster';
const TOP_UPS_PATH = '/api/v1/products?kind=top-up';

/** The API with the account's boosters and top-ups; `buy` answers each purchase. */
function serve(
  products: { boosters: LineProduct[]; topUps?: LineProduct[] },
  buy: (req: Seen) => ReturnType<typeof saved> = () => refused(404, 'Not found'),
  card = view().card,
) {
  return fakeServer((req) => {
    if (req.method === 'GET' && req.path === BOOSTERS_PATH)
      return ok(view({ catalog: BOOSTERS, products: products.boosters, card }));
    if (req.method === 'GET' && req.path === TOP_UPS_PATH)
      return ok(view({ catalog: TOP_UPS, products: products.topUps ?? [], card }));
    if (req.method === 'POST' && req.path === '/api/v1/products') return buy(req);
    return refused(404, 'Not found');
  });
}

const open = () => renderPage(<BoosterPage route={routeByName('booster')} />);
const section = (name: string) => screen.getByRole('region', { name });
/** What describes an element: a field group's error. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('');
const posts = (seen: Seen[]) =>
  seen.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>);

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the booster page', () => {
  it('shows the boosters the lines have in their groups, each group a list', async () => {
    serve({
      boosters: [
        owned(),
        owned({
          id: 'b-share',
          code: 'BOOST-20-SHARE',
          name: 'Shared Booster 20GB',
          lineIds: [US1, US2],
        }),
        owned({
          id: 'b-monthly',
          code: 'BOOST-10-MONTHLY',
          name: 'Monthly Booster 10GB',
          recurrence: 'monthly',
          endsAt: null,
          changeable: true,
        }),
      ],
      topUps: [
        owned({
          id: 't-1',
          code: 'TOPUP-1',
          kind: 'top-up',
          name: 'Lite Top-up 1GB',
          state: 'pending',
          endsAt: null,
        }),
      ],
    });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Booster' })).toBeTruthy();
    const yours = await screen.findByRole('region', { name: 'Your boosters' });
    expect(within(yours).getByRole('heading', { level: 2, name: 'Your boosters' })).toBeTruthy();

    const shared = within(within(yours).getByRole('region', { name: 'Shareable' })).getAllByRole('listitem');
    expect(shared).toHaveLength(1);
    const share = shared[0] as HTMLElement;
    expect(within(share).getByText('For +65 8100 0001 (Us) and +65 8100 0002 (Us)')).toBeTruthy();
    expect(within(share).getByText('Valid until 15 July 2026')).toBeTruthy();
    expect(
      within(share)
        .getByRole('link', {
          name: 'Change the lines of Shared Booster 20GB for +65 8100 0001 (Us) and +65 8100 0002 (Us)',
        })
        .getAttribute('href'),
    ).toBe('/manage/booster/b-share/editShareable');

    const own = within(within(yours).getByRole('region', { name: 'Non-shareable' })).getAllByRole('listitem');
    expect(own.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Data Booster 5GB',
      'Monthly Booster 10GB',
      'Lite Top-up 1GB',
    ]);
    expect(within(own[1] as HTMLElement).getByText('Renews monthly')).toBeTruthy();
    expect(within(own[2] as HTMLElement).getByText(/^Your purchase is being set up/)).toBeTruthy();
    expect(
      within(own[0] as HTMLElement)
        .getByRole('link', { name: 'Details of Data Booster 5GB for +65 8100 0001 (Us)' })
        .getAttribute('href'),
    ).toBe('/manage/booster/7f1b0a01-1c1e-4c53-9f3e-5d2a0b6f6a3e/edit');
    expect(within(own[0] as HTMLElement).queryByRole('link', { name: /^Change the lines/ })).toBeNull();

    // On sale: only what at least one line's plan may have, with what it costs.
    const buy = section('Buy a booster');
    expect(within(buy).queryByText('Max Booster')).toBeNull();
    expect(
      within(within(buy).getByRole('group', { name: 'Data Booster 5GB' })).getByText('$4.00, valid 30 days'),
    );
    expect(
      within(within(buy).getByRole('group', { name: 'Monthly Booster 10GB' })).getByText('$6.00 a month'),
    );
    expect(within(section('Lite top-up')).getByRole('group', { name: 'Lite Top-up 1GB' })).toBeTruthy();
  });

  it('says a purchase that could not be set up was refunded, with no validity and no change of lines', async () => {
    serve({
      boosters: [],
      topUps: [
        owned({
          id: 't-refunded',
          code: 'TOPUP-1',
          kind: 'top-up',
          name: 'Lite Top-up 1GB',
          state: 'failed',
          payment: 'refunded',
          startsAt: null,
        }),
      ],
    });
    open();
    const yours = await screen.findByRole('region', { name: 'Your boosters' });
    const item = within(within(yours).getByRole('region', { name: 'Non-shareable' })).getByRole('listitem');
    expect(within(item).getByText(/^Refunded: it could not be set up on the network/)).toBeTruthy();
    expect(within(item).queryByText(/^Valid until/)).toBeNull();
    expect(within(item).queryByRole('link', { name: /^Change the lines/ })).toBeNull();
  });

  it('buys a one-time booster once, after saying what is charged to which card', async () => {
    const account: { boosters: LineProduct[] } = { boosters: [] };
    const server = serve(account, (req) => {
      const body = JSON.parse(req.body ?? '{}');
      const bought = owned({ id: 'new-1', lineId: body.lineId, lineIds: [body.lineId], state: 'pending' });
      account.boosters = [bought];
      return saved(bought);
    });
    open();
    const item = await screen.findByRole('group', { name: 'Data Booster 5GB' });
    fireEvent.change(within(item).getByRole('combobox', { name: 'Line for Data Booster 5GB' }), {
      target: { value: US2 },
    });
    fireEvent.click(within(item).getByRole('button', { name: 'Buy Data Booster 5GB' }));
    expect(
      within(item).getByText(
        'Data Booster 5GB for +65 8100 0002 (Us): $4.00 charged now to VISA •••• 4242. Valid for 30 days from now.',
      ),
    ).toBeTruthy();
    const confirm = within(item).getByRole('button', { name: 'Confirm buying Data Booster 5GB' });
    fireEvent.click(confirm);
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully'));
    const sent = posts(server.seen);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      code: 'BOOST-5',
      lineId: US2,
      requestKey: expect.stringMatching(UUID),
      priceCents: 400,
    });
    expect(within(item).queryByRole('button', { name: 'Confirm buying Data Booster 5GB' })).toBeNull();
    // Listed as the line's own, being set up, valid for its 30 days.
    const own = section('Non-shareable');
    const bought = await within(own).findByRole('listitem');
    expect(within(bought).getByText('For +65 8100 0002 (Us)')).toBeTruthy();
    expect(within(bought).getByText(/^Your purchase is being set up/)).toBeTruthy();
    expect(within(bought).getByText('Valid until 15 July 2026')).toBeTruthy();
  });

  it('shows the card’s refusal with the way to change the card, and a second try is a new purchase', async () => {
    const server = serve({ boosters: [] }, () => refused(402, ProductMessages.cardDeclined));
    open();
    const item = await screen.findByRole('group', { name: 'Data Booster 5GB' });
    fireEvent.click(within(item).getByRole('button', { name: 'Buy Data Booster 5GB' }));
    const confirm = within(item).getByRole('button', { name: 'Confirm buying Data Booster 5GB' });
    fireEvent.click(confirm);
    // No card fields on this page: not 'Please re-enter', but the way to change the card.
    expect((await within(item).findByRole('alert')).textContent).toBe(
      'Your saved card was declined. Please check your card details or balance, or change your card.',
    );
    expect(
      within(item).getByRole('link', { name: 'Change the card you pay with' }).getAttribute('href'),
    ).toBe('/bills#saved-card');
    fireEvent.click(confirm);
    await waitFor(() => expect(posts(server.seen)).toHaveLength(2));
    const [first, second] = posts(server.seen);
    expect(first?.requestKey).not.toBe(second?.requestKey);
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('asks for at least one line for a shareable booster and sends every line chosen', async () => {
    const server = serve({ boosters: [] }, (req) => {
      const body = JSON.parse(req.body ?? '{}');
      return saved(
        owned({ id: 'new-2', code: 'BOOST-20-SHARE', lineId: body.lineId, lineIds: body.lineIds }),
      );
    });
    open();
    const item = await screen.findByRole('group', { name: 'Shared Booster 20GB' });
    const lines = within(item).getByRole('group', { name: 'Lines for Shared Booster 20GB' });
    fireEvent.click(within(item).getByRole('button', { name: 'Buy Shared Booster 20GB' }));
    expect(describedBy(lines)).toBe('Choose at least one line.');
    expect(within(item).queryByRole('button', { name: 'Confirm buying Shared Booster 20GB' })).toBeNull();

    fireEvent.click(within(lines).getByRole('checkbox', { name: '+65 8100 0001 (Us)' }));
    fireEvent.click(within(lines).getByRole('checkbox', { name: '+65 8100 0002 (Us)' }));
    expect(describedBy(lines)).toBe('');
    fireEvent.click(within(item).getByRole('button', { name: 'Buy Shared Booster 20GB' }));
    expect(
      within(item).getByText(
        'Shared Booster 20GB for +65 8100 0001 (Us) and +65 8100 0002 (Us): $12.00 charged now to VISA •••• 4242. Valid for 30 days from now.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Confirm buying Shared Booster 20GB' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalled());
    expect(posts(server.seen)).toEqual([
      {
        code: 'BOOST-20-SHARE',
        lineId: US1,
        lineIds: [US1, US2],
        requestKey: expect.stringMatching(UUID),
        priceCents: 1200,
      },
    ]);
  });

  it('says a monthly booster goes on the bill, and without a saved card sells nothing one-time', async () => {
    serve({ boosters: [] }, () => refused(404, 'Not found'), null);
    open();
    const once = await screen.findByRole('group', { name: 'Data Booster 5GB' });
    expect(within(once).getByText('Please save a card for payments first.')).toBeTruthy();
    expect(within(once).queryByRole('button', { name: 'Buy Data Booster 5GB' })).toBeNull();
    const monthly = screen.getByRole('group', { name: 'Monthly Booster 10GB' });
    fireEvent.click(within(monthly).getByRole('button', { name: 'Buy Monthly Booster 10GB' }));
    expect(
      within(monthly).getByText(
        'Monthly Booster 10GB for +65 9100 0004 (Me): $6.00 a month on your bill from today; removal takes effect at the end of the month.',
      ),
    ).toBeTruthy();
  });

  it('moves the keyboard to what is charged as it shows, and back to Buy on Cancel and once bought', async () => {
    serve({ boosters: [] }, (req) => {
      const body = JSON.parse(req.body ?? '{}');
      return saved(owned({ id: 'new-1', lineId: body.lineId, lineIds: [body.lineId], state: 'pending' }));
    });
    open();
    const item = await screen.findByRole('group', { name: 'Data Booster 5GB' });
    const buy = () => within(item).getByRole('button', { name: 'Buy Data Booster 5GB' });
    const charged =
      'Data Booster 5GB for +65 9100 0004 (Me): $4.00 charged now to VISA •••• 4242. Valid for 30 days from now.';
    buy().focus();
    fireEvent.click(buy());
    expect(document.activeElement).toBe(within(item).getByText(charged));
    fireEvent.click(within(item).getByRole('button', { name: 'Cancel buying Data Booster 5GB' }));
    await waitFor(() => expect(document.activeElement).toBe(buy()));

    fireEvent.click(buy());
    expect(document.activeElement).toBe(within(item).getByText(charged));
    fireEvent.click(within(item).getByRole('button', { name: 'Confirm buying Data Booster 5GB' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully'));
    await waitFor(() => expect(document.activeElement).toBe(buy()));
  });
});
