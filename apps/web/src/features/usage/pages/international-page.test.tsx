import { routeByName } from '@selfcare/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, sessionOf } from '../../../test/fake-server.ts';
import { balances, record, renderPage, SUB_ID, summaryRow, usageLine } from '../test/fixtures.tsx';
import InternationalPage from './international-page.tsx';

const SUMMARY = '/api/v1/usage/summary?';
const RECORDS = '/api/v1/usage/records?';

const ROWS = [
  // Calls of 125 and 60 seconds: 3 minutes charged and 1.
  summaryRow({ kind: 'voice', country: 'MY', events: 2, volume: 185, minutes: 4, chargeCents: 150 }),
  summaryRow({ kind: 'sms', country: 'MY', events: 3, volume: 3, chargeCents: 45 }),
  summaryRow({
    lineId: SUB_ID,
    msisdn: '91000005',
    kind: 'voice',
    country: 'MY',
    events: 1,
    volume: 59,
    minutes: 1,
    chargeCents: 50,
  }),
  summaryRow({ kind: 'voice', country: 'US', events: 1, volume: 600, minutes: 10, chargeCents: 123_400 }),
];

const US_CALL = record({
  kind: 'voice',
  scope: 'idd',
  direction: 'outgoing',
  country: 'US',
  unit: 'SECONDS',
  volume: 600,
  outOfBundle: 600,
  chargeCents: 123_400,
});

function serve(rows = ROWS, items = [US_CALL]) {
  return fakeServer((req) => {
    if (req.path === '/api/v1/usage/balances')
      return ok(
        balances({ lines: [usageLine(), usageLine({ id: SUB_ID, msisdn: '91000005', isMainLine: false })] }),
      );
    if (req.path.startsWith(SUMMARY)) return ok({ from: '2026-06-01', to: '2026-06-15', rows });
    if (req.path.startsWith(RECORDS)) return ok({ items, next: null });
    return refused(404, 'Not found');
  });
}

const open = () => renderPage(<InternationalPage route={routeByName('international')} />);
const paths = (server: ReturnType<typeof serve>, prefix: string) =>
  server.seen.filter((r) => r.path.startsWith(prefix)).map((r) => r.path);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T04:00:00Z'));
  session.set(sessionOf('token-1'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the international usage page', () => {
  it("sums this month's IDD calls and SMS by country, with the total charge, then lists the records", async () => {
    const server = serve();
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'International Usage' })).toBeTruthy();
    const table = await screen.findByRole('table', {
      name: 'International calls and SMS by country, from 1 June 2026 to 15 June 2026',
    });
    expect(paths(server, SUMMARY)).toEqual([`${SUMMARY}scope=idd&from=2026-06-01&to=2026-06-15`]);
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent?.replace(/\s+/g, ' ').trim());
    // Both lines' calls to Malaysia together: the minutes each was charged, 4 and 1, not their 244
    // seconds floored to 4.
    expect(within(table).getByRole('row', { name: 'Malaysia 3 5 min 3 SMS $2.45' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'United States 1 10 min 0 SMS $1,234.00' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Total 4 15 min 3 SMS $1,236.45' })).toBeTruthy();
    expect(rows).toHaveLength(4);
    expect(screen.getByText('Total charge: $1,236.45')).toBeTruthy();

    const records = await screen.findByRole('table', {
      name: 'Usage records from 1 June 2026 to 15 June 2026, in Singapore time',
    });
    expect(
      within(records).getByRole('row', { name: /Call out United States 10 min 10 min \$1,234\.00$/ }),
    ).toBeTruthy();
    expect(paths(server, RECORDS)).toEqual([`${RECORDS}from=2026-06-01&to=2026-06-15&scope=idd`]);
  });

  it("opens on the portal's month, not the month of a device whose clock is on 2 July", async () => {
    // The portal's day is 15 June (the balances' today); the phone says 2 July.
    vi.setSystemTime(new Date('2026-07-02T04:00:00Z'));
    const server = serve();
    open();
    expect(
      await screen.findByRole('table', {
        name: 'International calls and SMS by country, from 1 June 2026 to 15 June 2026',
      }),
    ).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-06-01');
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([to.value, to.max]).toEqual(['2026-06-15', '2026-06-15']);
    expect(paths(server, SUMMARY)).toEqual([`${SUMMARY}scope=idd&from=2026-06-01&to=2026-06-15`]);
    await screen.findByRole('table', { name: /^Usage records from 1 June 2026 to 15 June 2026/ });
    expect(paths(server, RECORDS)).toEqual([`${RECORDS}from=2026-06-01&to=2026-06-15&scope=idd`]);
  });

  it('gives a country the minutes its records were charged, and a call of a few seconds 1 min', async () => {
    const call = (seconds: number, country: string, chargeCents: number) =>
      record({
        kind: 'voice',
        scope: 'idd',
        direction: 'outgoing',
        country,
        unit: 'SECONDS',
        volume: seconds,
        outOfBundle: seconds,
        chargeCents,
      });
    serve(
      [
        // 10 s, 61 s and 185 s: 1 + 2 + 4 minutes charged, where their 256 seconds floor to 4.
        summaryRow({ country: 'ID', events: 3, volume: 256, minutes: 7, chargeCents: 70 }),
        summaryRow({ country: 'TH', events: 1, volume: 4, minutes: 1, chargeCents: 10 }),
      ],
      [call(10, 'ID', 10), call(61, 'ID', 20), call(185, 'ID', 40), call(4, 'TH', 10)],
    );
    open();
    const table = await screen.findByRole('table', { name: /^International calls and SMS by country/ });
    expect(within(table).getByRole('row', { name: 'Indonesia 3 7 min 0 SMS $0.70' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Thailand 1 1 min 0 SMS $0.10' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Total 4 8 min 0 SMS $0.80' })).toBeTruthy();
    expect(within(table).queryByText('0 min')).toBeNull();

    const records = await screen.findByRole('table', { name: /^Usage records from/ });
    const minutes = (country: string) =>
      within(records)
        .getAllByRole('row', { name: new RegExp(`^.* Call out ${country} `) })
        .map((r) => r.textContent?.match(/(\d+) min/)?.[1]);
    // What a customer adds up from the records is what the summary says.
    expect(minutes('Indonesia')).toEqual(['1', '2', '4']);
    expect(minutes('Thailand')).toEqual(['1']);
  });

  it('asks again for the chosen line and period, and offers no data to choose', async () => {
    const server = serve();
    open();
    await screen.findByRole('option', { name: '+65 9100 0005 (Us)' });
    expect(screen.queryByRole('option', { name: 'Data' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Line'), { target: { value: SUB_ID } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show records' }));
    await waitFor(() =>
      expect(paths(server, SUMMARY).at(-1)).toBe(
        `${SUMMARY}scope=idd&from=2026-05-01&to=2026-06-15&line=${SUB_ID}`,
      ),
    );
    await waitFor(() =>
      expect(paths(server, RECORDS).at(-1)).toBe(
        `${RECORDS}line=${SUB_ID}&scope=idd&from=2026-05-01&to=2026-06-15`,
      ),
    );
  });

  it('says so when there were no calls or SMS abroad, and lists nothing', async () => {
    const server = serve([]);
    open();
    expect(await screen.findByText('No international calls or SMS in this period.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(paths(server, RECORDS)).toEqual([]);
  });
});
