import { routeByName } from '@selfcare/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, sessionOf } from '../../../test/fake-server.ts';
import { balances, bucket, GB, renderPage, SUB_ID, usageLine } from '../test/fixtures.tsx';
import LocalUsagePage from './local-usage-page.tsx';

// The charting library is the chart module's own; the page's figures are its text and table.
vi.mock('../components/daily-chart.tsx', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const DAILY = {
  month: '2026-06',
  days: [
    { day: '2026-06-01', data: 2 * GB, voice: 600, sms: 3 },
    { day: '2026-06-02', data: 0.5 * GB, voice: 59, sms: 0 },
  ],
};

function serve(body = balances()) {
  return fakeServer((req) => {
    if (req.path === '/api/v1/usage/balances') return ok(body);
    if (req.path.startsWith('/api/v1/usage/daily')) return ok(DAILY);
    return refused(404, 'Not found');
  });
}

const open = () => renderPage(<LocalUsagePage route={routeByName('local')} />);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T04:00:00Z'));
  session.set(sessionOf('token-1'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the local usage page', () => {
  it("shows each line's buckets in the spec's units, unlimited kinds, and what the lines share", async () => {
    serve(
      balances({
        lines: [
          usageLine({ unlimited: { data: false, voice: false, sms: true } }),
          usageLine({ id: SUB_ID, msisdn: '91000005', isMainLine: false, planName: 'Us 10' }),
        ],
        buckets: [
          bucket({ size: 21474836480, remaining: 10 * GB }),
          bucket({ kind: 'voice', unit: 'SECONDS', size: 6000, remaining: 3000, name: 'Talk' }),
          bucket({ origin: 'rollover', size: 3 * GB, remaining: 1.5 * GB, validTo: '2026-06-30T15:59:59Z' }),
          bucket({ lineId: SUB_ID, size: 5 * GB, remaining: -20 }),
          bucket({ lineId: SUB_ID, kind: 'voice', unit: 'SECONDS', size: 600, remaining: 600 }),
          bucket({ lineId: null, shared: true, kind: 'sms', unit: 'EVENTS', size: 100, remaining: 40 }),
          bucket({ scope: 'roaming', size: 1 * GB, remaining: 1 * GB }),
        ],
      }),
    );
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Local Usage' })).toBeTruthy();

    const me = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    expect(within(me).getByText('Value 20')).toBeTruthy();
    expect(within(me).getByText('10.00 GB left of 20.00 GB')).toBeTruthy();
    expect(within(me).getByText('50 min left of 100 min')).toBeTruthy();
    expect(within(me).getByText('Unlimited')).toBeTruthy();
    expect(within(me).getByText('Rollover data')).toBeTruthy();
    expect(within(me).getByText('1.50 GB left of 3.00 GB')).toBeTruthy();
    expect(within(me).getByText('Expires on 30 June 2026')).toBeTruthy();
    const bar = within(me).getByRole('progressbar', { name: 'Data: 10.00 GB left of 20.00 GB' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');

    // A negative balance reads as nothing left; the SMS come from the shared bucket.
    const us = screen.getByRole('region', { name: '+65 9100 0005 (Us)' });
    expect(within(us).getByText('0.00 GB left of 5.00 GB')).toBeTruthy();
    expect(within(us).getByRole('progressbar', { name: 'Data: 0.00 GB left of 5.00 GB' })).toBeTruthy();
    expect(within(us).getByText('10 min left of 10 min')).toBeTruthy();
    expect(within(us).queryByText('SMS')).toBeNull();

    const shared = screen.getByRole('region', { name: 'Shared by your lines' });
    expect(within(shared).getByText('40 SMS left of 100 SMS')).toBeTruthy();

    // Roaming buckets are not local use.
    expect(screen.queryByText('1.00 GB left of 1.00 GB')).toBeNull();
    expect(screen.getByText('Your bundle renews on 1 July 2026')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'View usage records' }).getAttribute('href')).toBe(
      '/dashboard/local/detail',
    );
  });

  it('says the figures are the last known ones when the network did not answer, and still shows them', async () => {
    serve(balances({ stale: true, readAt: '2026-06-15T01:05:00Z' }));
    open();
    // The figures' own status (the spinner before them is a status too, named Loading).
    const stale = await screen.findByText(/^We could not reach the network just now/);
    expect(stale.closest('[role="status"]')?.textContent).toBe(
      'We could not reach the network just now. These figures are from 15 June 2026, 9:05 am.',
    );
    expect(screen.getByText('10.00 GB left of 20.00 GB')).toBeTruthy();
  });

  it("shows this month's daily use as a named chart, its total and a table of each day", async () => {
    // The chart loads when its place comes near the screen: here, at once.
    let seen: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof seen) {
          seen = callback;
        }
        observe() {
          seen?.([{ isIntersecting: true }]);
        }
        disconnect() {}
      },
    );
    const server = serve();
    open();
    expect(await screen.findByText('Data used this month: 2.50 GB')).toBeTruthy();
    expect(
      await screen.findByRole('img', { name: 'Bar chart of data used per day this month, in GB' }),
    ).toBeTruthy();
    vi.unstubAllGlobals();
    expect(
      screen.getByRole('img', { name: 'Bar chart of data used per day this month, in GB' }),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Use per day this month: Data' });
    expect(within(table).getByRole('row', { name: '1 June 2026 2.00 GB' })).toBeTruthy();
    // This month is the server's: the page names none of its own.
    expect(server.count('GET', '/api/v1/usage/daily')).toBe(1);

    fireEvent.click(screen.getByRole('radio', { name: 'Talk time' }));
    expect(await screen.findByText('Talk time used this month: 10 min')).toBeTruthy();
    expect(within(screen.getByRole('table')).getByRole('row', { name: '2 June 2026 0 min' })).toBeTruthy();
  });

  it('says a monthly add-on that goes on next month renews, and one that ends expires', async () => {
    serve(
      balances({
        buckets: [
          bucket({ origin: 'addon', name: 'Extra 20GB', validTo: '2026-06-30T16:00:00Z', renews: true }),
          bucket({
            origin: 'addon',
            name: 'Extra 5GB',
            kind: 'sms',
            unit: 'EVENTS',
            validTo: '2026-06-30T16:00:00Z',
          }),
        ],
      }),
    );
    open();
    const me = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    expect(within(me).getByText('Renews on 1 July 2026')).toBeTruthy();
    expect(within(me).getByText('Expires on 30 June 2026')).toBeTruthy();
  });

  it('says a line ended this month has ended, instead of balances that are not available', async () => {
    serve(
      balances({
        lines: [usageLine(), usageLine({ id: SUB_ID, msisdn: '91000005', isMainLine: false, ended: true })],
        buckets: [bucket({ size: 20 * GB, remaining: 10 * GB })],
      }),
    );
    open();
    const ended = await screen.findByRole('region', { name: '+65 9100 0005 (Us)' });
    expect(within(ended).getByText('This line has ended.')).toBeTruthy();
    expect(within(ended).queryByText('Not available right now')).toBeNull();
    const me = screen.getByRole('region', { name: '+65 9100 0004 (Me)' });
    expect(within(me).queryByText('This line has ended.')).toBeNull();
  });

  it("shows the API's error in place of the balances", async () => {
    fakeServer(() => refused(503, 'Usage is not available right now.'));
    open();
    expect((await screen.findAllByRole('alert'))[0]?.textContent).toBe('Usage is not available right now.');
  });
});
