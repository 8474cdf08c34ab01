import { routeByName } from '@selfcare/domain';
import type { BillList } from '@selfcare/domain/contracts/bills';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessageTexts, setLanguage } from '../../lib/i18n.ts';
import { session } from '../../lib/session.ts';
import { fakeServer, ok, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import BillsPage from './pages/bills-page.tsx';

const PACK = '5a0c2d1e-7b3f-4c8a-9d6e-1f2a3b4c5d6e';
const BOOSTER = '6b1d3e2f-8c4a-4d9b-8e7f-2a3b4c5d6e7f';
const common = { msisdn: '81234567', card: 'VISA •••• 4242' };
/** No bill yet (a line activated this month), a roaming pack refunded and a booster paid. */
const list: BillList = {
  bills: [],
  shown: 12,
  card: null,
  payments: [
    {
      ...common,
      id: `${PACK}:refund`,
      kind: 'refund',
      at: '2026-11-28T06:00:00Z',
      description: 'Malaysia 3GB, 3 days (refund)',
      amountCents: -500,
      status: 'refunded',
    },
    {
      ...common,
      id: PACK,
      kind: 'purchase',
      at: '2026-11-28T05:00:00Z',
      description: 'Malaysia 3GB, 3 days',
      amountCents: 500,
      status: 'refunded',
    },
    {
      ...common,
      id: BOOSTER,
      kind: 'purchase',
      at: '2026-11-20T02:00:00Z',
      description: 'Data Booster 5GB',
      amountCents: 400,
      status: 'paid',
    },
  ],
};

beforeEach(() => {
  session.set(sessionOf('token-1'));
  window.history.replaceState(null, '', '/bills');
  fakeServer((req) => (req.method === 'GET' && req.path === '/api/v1/bills' ? ok(list) : { status: 404 }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the card purchases on /bills', () => {
  it('lists each purchase and refund with its date, what, amount and status, before any bill', async () => {
    renderPage(<BillsPage route={routeByName('bills')} />);
    const section = await screen.findByRole('region', { name: 'Card purchases and refunds' });
    const rows = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      [
        '28 November 2026',
        'Malaysia 3GB, 3 days (refund) for +65 8123 4567Refunded to VISA •••• 4242',
        '-$5.00',
        'Refunded',
      ],
      [
        '28 November 2026',
        'Malaysia 3GB, 3 days for +65 8123 4567Paid with VISA •••• 4242',
        '$5.00',
        'Refunded',
      ],
      ['20 November 2026', 'Data Booster 5GB for +65 8123 4567Paid with VISA •••• 4242', '$4.00', 'Paid'],
    ]);
    // No bill yet: the page says so, and the purchases are listed all the same.
    expect(screen.getByText(/You have no bills yet/)).toBeTruthy();
  });

  it("says a refund in the reader's language, the product's name as the catalog has it", async () => {
    await loadMessageTexts(
      'more',
      import.meta.glob('../../../../../packages/domain/src/locales/messages.*.json', { import: 'default' }),
    );
    await setLanguage('zh');
    try {
      renderPage(<BillsPage route={routeByName('bills')} />);
      expect(await screen.findByText(/^Malaysia 3GB, 3 days（退款）/)).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });
});
