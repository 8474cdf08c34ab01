import { routeByName } from '@selfcare/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../../lib/router.tsx';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, sessionOf } from '../../../test/fake-server.ts';
import { balances, bucket, GB, renderPage, SUB_ID, summaryRow, usageLine } from '../test/fixtures.tsx';
import LocalIndividualDetailPage from './local-individual-detail-page.tsx';
import LocalIndividualPage from './local-individual-page.tsx';
import LocalIndividualTotalPage from './local-individual-total-page.tsx';

vi.mock('../components/daily-chart.tsx', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const SUB = usageLine({ id: SUB_ID, msisdn: '91000005', isMainLine: false, planName: 'Us 10' });
const SUB_BUCKETS = [bucket({ lineId: SUB_ID, size: 5 * GB, remaining: 2 * GB })];

function serve() {
  return fakeServer((req) => {
    if (req.path === '/api/v1/usage/balances')
      return ok(balances({ lines: [usageLine(), SUB], buckets: [bucket(), ...SUB_BUCKETS] }));
    if (req.path === `/api/v1/usage/balances?line=${SUB_ID}`)
      return ok(balances({ lines: [SUB], buckets: SUB_BUCKETS }));
    if (req.path.startsWith('/api/v1/usage/balances?')) return refused(404, 'The record was not found.');
    if (req.path.startsWith('/api/v1/usage/summary?'))
      return ok({
        from: '2026-06-01',
        to: '2026-06-15',
        rows: [
          summaryRow({ lineId: SUB_ID, kind: 'data', country: 'SG', volume: 1.25 * GB, chargeCents: 0 }),
          // Calls of 5 min 5 s and 5 min 5 s: charged 6 minutes each.
          summaryRow({
            lineId: SUB_ID,
            kind: 'voice',
            country: 'SG',
            events: 2,
            volume: 610,
            minutes: 12,
            chargeCents: 20,
          }),
          summaryRow({ lineId: SUB_ID, kind: 'sms', country: 'SG', events: 7, volume: 7, chargeCents: 35 }),
        ],
      });
    if (req.path.startsWith('/api/v1/usage/daily?')) return ok({ month: '2026-06', days: [] });
    if (req.path.startsWith('/api/v1/usage/records?')) return ok({ items: [], next: null });
    return refused(404, 'Not found');
  });
}

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

describe('the individual lines pages', () => {
  it("shows each line's card with links to its records and its totals", async () => {
    serve();
    renderPage(<LocalIndividualPage route={routeByName('localIndividual')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Local Usage (Individual Lines)' })).toBeTruthy();
    const us = await screen.findByRole('region', { name: '+65 9100 0005 (Us)' });
    expect(within(us).getByText('Us 10')).toBeTruthy();
    expect(within(us).getByText('2.00 GB left of 5.00 GB')).toBeTruthy();
    expect(
      within(us).getByRole('link', { name: 'Usage records of +65 9100 0005 (Us)' }).getAttribute('href'),
    ).toBe(`/dashboard/localIndividual/${SUB_ID}/detail`);
    expect(within(us).getByRole('link', { name: 'Totals of +65 9100 0005 (Us)' }).getAttribute('href')).toBe(
      `/dashboard/localIndividual/${SUB_ID}/total`,
    );
    expect(screen.getByRole('region', { name: '+65 9100 0004 (Me)' })).toBeTruthy();
  });

  it("lists one line's records, the line fixed and named", async () => {
    const server = serve();
    navigate(`/dashboard/localIndividual/${SUB_ID}/detail`, { replace: true });
    renderPage(<LocalIndividualDetailPage route={routeByName('localIndividualDetail')} />);
    expect(await screen.findByText('+65 9100 0005 (Us)')).toBeTruthy();
    expect(screen.queryByLabelText('Line')).toBeNull();
    await waitFor(() =>
      expect(server.seen.map((r) => r.path)).toContain(
        `/api/v1/usage/records?from=2026-06-01&to=2026-06-15&line=${SUB_ID}&scope=local`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Back to individual lines' }).getAttribute('href')).toBe(
      '/dashboard/localIndividual',
    );
  });

  it("shows one line's buckets, this month's totals and its own daily use", async () => {
    const server = serve();
    navigate(`/dashboard/localIndividual/${SUB_ID}/total`, { replace: true });
    renderPage(<LocalIndividualTotalPage route={routeByName('localIndividualTotal')} />);
    expect(await screen.findByText('2.00 GB left of 5.00 GB')).toBeTruthy();
    const month = await screen.findByRole('region', { name: 'This month so far' });
    await within(month).findByText('1.25 GB');
    // The minutes the calls were charged, as their records list them, not 610 seconds floored.
    expect(within(month).getByText('12 min')).toBeTruthy();
    expect(within(month).getByText('7 SMS')).toBeTruthy();
    expect(within(month).getByText('$0.55')).toBeTruthy();
    const paths = server.seen.map((r) => r.path);
    expect(paths).toContain(`/api/v1/usage/summary?scope=local&from=2026-06-01&to=2026-06-15&line=${SUB_ID}`);
    await waitFor(() =>
      expect(server.seen.map((r) => r.path)).toContain(`/api/v1/usage/daily?line=${SUB_ID}`),
    );
    expect(screen.queryByLabelText('Line')).toBeNull();
  });

  it("totals the portal's month, not the month of a device whose clock is on 2 July", async () => {
    // The portal's day is 15 June (the balances' today); the phone says 2 July.
    vi.setSystemTime(new Date('2026-07-02T04:00:00Z'));
    const server = serve();
    navigate(`/dashboard/localIndividual/${SUB_ID}/total`, { replace: true });
    renderPage(<LocalIndividualTotalPage route={routeByName('localIndividualTotal')} />);
    const month = await screen.findByRole('region', { name: 'This month so far' });
    expect(within(month).getByText('From 1 June 2026 to 15 June 2026')).toBeTruthy();
    await within(month).findByText('1.25 GB');
    const paths = server.seen.map((r) => r.path);
    expect(paths).toContain(`/api/v1/usage/summary?scope=local&from=2026-06-01&to=2026-06-15&line=${SUB_ID}`);
    // The daily use is of the month the server is in: the page names none of its own.
    await waitFor(() =>
      expect(server.seen.map((r) => r.path)).toContain(`/api/v1/usage/daily?line=${SUB_ID}`),
    );
  });

  it("lists the portal's month of one line's records, not a device's on 2 July", async () => {
    vi.setSystemTime(new Date('2026-07-02T04:00:00Z'));
    const server = serve();
    navigate(`/dashboard/localIndividual/${SUB_ID}/detail`, { replace: true });
    renderPage(<LocalIndividualDetailPage route={routeByName('localIndividualDetail')} />);
    expect(await screen.findByText('+65 9100 0005 (Us)')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-06-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-06-15');
    await waitFor(() =>
      expect(server.seen.map((r) => r.path)).toContain(
        `/api/v1/usage/records?from=2026-06-01&to=2026-06-15&line=${SUB_ID}&scope=local`,
      ),
    );
  });

  it("shows the API's answer for a line that is not the user's", async () => {
    serve();
    navigate('/dashboard/localIndividual/0b6f6a3e-1c1e-4c53-9f3e-5d2a7f1b0a99/total', { replace: true });
    renderPage(<LocalIndividualTotalPage route={routeByName('localIndividualTotal')} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The record was not found.');
  });
});
