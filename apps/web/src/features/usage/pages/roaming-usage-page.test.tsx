import { routeByName } from '@selfcare/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../../lib/router.tsx';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, sessionOf } from '../../../test/fake-server.ts';
import { balances, bucket, GB, renderPage, SUB_ID, summaryRow, usageLine } from '../test/fixtures.tsx';
import RoamingDetailShareablePage from './roaming-detail-shareable-page.tsx';
import RoamingUsagePage from './roaming-usage-page.tsx';

const SHARED = bucket({
  id: 'rb:shared:1',
  lineId: null,
  shared: true,
  scope: 'roaming',
  origin: 'addon',
  name: 'Asia Roam 10GB',
  size: 10 * GB,
  remaining: 4 * GB,
  validFrom: '2026-06-10T00:00:00+08:00',
  validTo: '2026-06-17T00:00:00+08:00',
});
const PLAN = bucket({
  id: 'rb:plan:1',
  scope: 'roaming',
  origin: 'plan',
  name: 'Roaming data',
  size: 1 * GB,
  remaining: 0.25 * GB,
});
const SUMMARY = '/api/v1/usage/summary?';

function serve(buckets = [bucket(), SHARED, PLAN]) {
  return fakeServer((req) => {
    if (req.path === '/api/v1/usage/balances')
      return ok(
        balances({
          lines: [usageLine(), usageLine({ id: SUB_ID, msisdn: '91000005', isMainLine: false })],
          buckets,
        }),
      );
    if (req.path.startsWith(SUMMARY))
      return ok({
        from: '2026-06-01',
        to: '2026-06-15',
        rows: [
          summaryRow({ kind: 'data', volume: 1.5 * GB, events: 4, chargeCents: 0 }),
          // A call of 2 min 30 s, charged 3 minutes.
          summaryRow({ kind: 'voice', events: 1, volume: 150, minutes: 3, chargeCents: 300 }),
          // A little data in Thailand: 12.4 MB, 0.01 GB.
          summaryRow({ kind: 'data', country: 'TH', volume: 13_002_342, events: 2, chargeCents: 0 }),
          summaryRow({ lineId: SUB_ID, kind: 'sms', events: 3, volume: 3, chargeCents: 150 }),
        ],
      });
    if (req.path.startsWith('/api/v1/usage/records?')) return ok({ items: [], next: null });
    return refused(404, 'Not found');
  });
}

const group = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T04:00:00Z'));
  session.set(sessionOf('token-1'));
});
afterEach(() => {
  // The page goes before the location it read its id from.
  cleanup();
  navigate('/', { replace: true });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the roaming usage page', () => {
  it('lists a single shareable bundle in a list of its own, and the plan group with the roaming of the plan', async () => {
    serve();
    renderPage(<RoamingUsagePage route={routeByName('roamingUsage')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Roaming Usage' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Shareable' });

    const shareable = within(within(group('Shareable')).getByRole('list')).getAllByRole('listitem');
    expect(shareable).toHaveLength(1);
    const [item] = shareable as [HTMLElement];
    expect(within(item).getByText('4.00 GB left of 10.00 GB')).toBeTruthy();
    expect(within(item).getByText('Shared by your lines')).toBeTruthy();
    expect(
      within(item).getByRole('progressbar', { name: 'Asia Roam 10GB: 4.00 GB left of 10.00 GB' }),
    ).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Details of Asia Roam 10GB' }).getAttribute('href')).toBe(
      '/dashboard/roamingUsage/rb%3Ashared%3A1/detailShareable',
    );

    const plan = within(within(group('Plan')).getByRole('list')).getAllByRole('listitem');
    expect(plan).toHaveLength(1);
    expect(within(plan[0] as HTMLElement).getByText('0.25 GB left of 1.00 GB')).toBeTruthy();
    expect(within(plan[0] as HTMLElement).getByText('+65 9100 0004 (Me)')).toBeTruthy();
    expect(
      within(plan[0] as HTMLElement)
        .getByRole('link', { name: 'Details of Roaming data' })
        .getAttribute('href'),
    ).toBe('/dashboard/roamingUsage/rb%3Aplan%3A1/detail');

    // No add-on of a line's own: no group; the local bucket is not roaming.
    expect(screen.queryByRole('heading', { name: 'Non-shareable' })).toBeNull();
    expect(screen.queryByText('10.00 GB left of 20.00 GB')).toBeNull();
  });

  it("sums this month's roaming by country", async () => {
    const server = serve();
    renderPage(<RoamingUsagePage route={routeByName('roamingUsage')} />);
    const table = await screen.findByRole('table', {
      name: 'Roaming use by country, from 1 June 2026 to 15 June 2026',
    });
    expect(server.seen.filter((r) => r.path.startsWith(SUMMARY)).map((r) => r.path)).toEqual([
      `${SUMMARY}scope=roaming&from=2026-06-01&to=2026-06-15`,
    ]);
    expect(within(table).getByRole('row', { name: 'Malaysia 1.50 GB 1 3 min 3 SMS $4.50' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Thailand 0.01 GB 0 0 min 0 SMS $0.00' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Total 1.51 GB 1 3 min 3 SMS $4.50' })).toBeTruthy();
  });

  it("sums the portal's month, not the month of a device whose clock is on 2 July", async () => {
    // The portal's day is 15 June (the balances' today); the phone says 2 July.
    vi.setSystemTime(new Date('2026-07-02T04:00:00Z'));
    const server = serve();
    renderPage(<RoamingUsagePage route={routeByName('roamingUsage')} />);
    expect(
      await screen.findByRole('table', { name: 'Roaming use by country, from 1 June 2026 to 15 June 2026' }),
    ).toBeTruthy();
    expect(server.seen.filter((r) => r.path.startsWith(SUMMARY)).map((r) => r.path)).toEqual([
      `${SUMMARY}scope=roaming&from=2026-06-01&to=2026-06-15`,
    ]);
  });

  it('says so when there is no roaming bundle', async () => {
    serve([bucket()]);
    renderPage(<RoamingUsagePage route={routeByName('roamingUsage')} />);
    expect(await screen.findByText('You have no roaming bundles right now.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('the shareable roaming detail page', () => {
  it("finds the bundle by its encoded id and asks for every line's records drawn from it", async () => {
    const server = serve();
    navigate('/dashboard/roamingUsage/rb%3Ashared%3A1/detailShareable', { replace: true });
    renderPage(<RoamingDetailShareablePage route={routeByName('roamingUsageDetailShareable')} />);
    const card = await screen.findByRole('region', { name: 'Asia Roam 10GB' });
    expect(within(card).getByText('Valid from 10 June 2026 to 16 June 2026')).toBeTruthy();
    await waitFor(() =>
      expect(server.seen.map((r) => r.path)).toContain(
        '/api/v1/usage/records?from=2026-06-10&to=2026-06-15&scope=roaming&bucket=rb%3Ashared%3A1',
      ),
    );
    expect(server.seen.map((r) => r.path)).toContain(`${SUMMARY}scope=roaming&from=2026-06-10&to=2026-06-15`);
    // Shared by the lines: each line's records may be chosen.
    expect(screen.getByRole('option', { name: '+65 9100 0005 (Us)' })).toBeTruthy();
  });

  it("takes the bundle's days as far as the portal's day, not a device's clock on 2 July", async () => {
    vi.setSystemTime(new Date('2026-07-02T04:00:00Z'));
    const server = serve();
    navigate('/dashboard/roamingUsage/rb%3Ashared%3A1/detailShareable', { replace: true });
    renderPage(<RoamingDetailShareablePage route={routeByName('roamingUsageDetailShareable')} />);
    // Valid to 16 June; the portal is on 15 June: its use so far, to the 15th.
    expect(
      await screen.findByRole('table', { name: 'Roaming use by country, from 10 June 2026 to 15 June 2026' }),
    ).toBeTruthy();
    expect(server.seen.map((r) => r.path)).toContain(`${SUMMARY}scope=roaming&from=2026-06-10&to=2026-06-15`);
    expect((screen.getByLabelText('To') as HTMLInputElement).max).toBe('2026-06-15');
  });

  it('says the bundle was not found when the balances do not hold it', async () => {
    serve([bucket()]);
    navigate('/dashboard/roamingUsage/rb%3Agone/detailShareable', { replace: true });
    renderPage(<RoamingDetailShareablePage route={routeByName('roamingUsageDetailShareable')} />);
    expect(await screen.findByText('The record was not found.')).toBeTruthy();
  });
});
