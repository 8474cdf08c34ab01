import { ChargeMessages, routeByName } from '@selfcare/domain';
import type { BillDetail, BillList } from '@selfcare/domain/contracts/bills';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMessageTexts, setLanguage } from '../../lib/i18n.ts';
import { session } from '../../lib/session.ts';
import { fakeServer, ok, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import BillsPage from './pages/bills-page.tsx';

const BILL = '44444444-4444-4444-8444-444444444444';
const head = {
  id: BILL,
  number: 'B2026100000002',
  month: '2026-10',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  issuedOn: '2026-11-01',
  dueOn: '2026-11-25',
  totalCents: 1560,
  outstandingCents: 0,
  status: 'paid' as const,
  overdue: false,
  deductionFailedOn: null,
  nextDeductionOn: null,
};
const list: BillList = { bills: [head], shown: 6, card: null, payments: [] };
const part = ChargeMessages.partMonth('Lite 10', '21 October 2026', '11', '31');
const late = ChargeMessages.recordedLate(ChargeMessages.usage.roaming, 'September 2026');
const detail: BillDetail = {
  ...head,
  lines: [
    {
      lineId: 'l-1',
      msisdn: '81000001',
      planName: 'Lite 10',
      subtotalCents: 810,
      items: [
        {
          id: 'c-1',
          kind: 'plan',
          description: part,
          words: { kind: 'part', name: 'Lite 10', from: '2026-10-21', days: 11, monthDays: 31 },
          amountCents: 355,
          waived: false,
        },
        {
          id: 'c-2',
          kind: 'usage-roaming',
          description: late,
          words: { kind: 'late', what: ChargeMessages.usage.roaming, month: '2026-09' },
          amountCents: 455,
          waived: false,
        },
      ],
    },
  ],
  accountItems: [
    {
      id: 'c-3',
      kind: 'overdue-fee',
      description: ChargeMessages.overdueNotice('B2026090000001'),
      words: null,
      amountCents: 750,
      waived: false,
    },
  ],
  previousBalanceCents: 0,
  paymentsCents: 0,
  totalDueCents: 1560,
  gstPercent: 9,
  gstCents: 129,
  paidCents: 1560,
  paidAt: '2026-11-02T04:00:00.000Z',
  revision: null,
};

beforeEach(() => {
  session.set(sessionOf('token-1'));
  window.history.replaceState(null, '', '/bills');
  fakeServer((req) => {
    if (req.method === 'GET' && req.path === '/api/v1/bills') return ok(list);
    if (req.method === 'GET' && req.path === `/api/v1/bills/${BILL}`) return ok(detail);
    return { status: 404 };
  });
});

describe("a bill's charges", () => {
  afterEach(() => setLanguage('en'));

  it('read as the bill run wrote them in English', async () => {
    renderPage(<BillsPage route={routeByName('bills')} />);
    const bill = await screen.findByRole('region', { name: 'October 2026 bill' });
    expect(await within(bill).findByText('Lite 10 from 21 October 2026 (11 of 31 days)')).toBeTruthy();
    expect(within(bill).getByText('Roaming (September 2026, recorded late)')).toBeTruthy();
    expect(within(bill).getByText('Overdue notice: bill B2026090000001')).toBeTruthy();
  });

  it("say their days, months and words in the reader's language, a plan's name as it is", async () => {
    // The signed-in pages' domain messages, as every query page loads them (lib/query-pages.tsx).
    await loadMessageTexts(
      'more',
      import.meta.glob('../../../../../packages/domain/src/locales/messages.*.json', { import: 'default' }),
    );
    await setLanguage('zh');
    renderPage(<BillsPage route={routeByName('bills')} />);
    expect(await screen.findByText('Lite 10，自 2026年10月21日 起（31 天中的 11 天）')).toBeTruthy();
    expect(screen.getByText('漫游（2026年9月，延迟记录）')).toBeTruthy();
    expect(screen.getByText('逾期通知：账单 B2026090000001')).toBeTruthy();
    expect(screen.queryByText(/ from 21 October 2026/)).toBeNull();
  });
});
