import { routeByName } from '@selfcare/domain';
import { UsageMessages } from '@selfcare/domain/schemas/usage';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { balances, GB, record, renderPage, SUB_ID, usageLine } from '../test/fixtures.tsx';
import LocalDetailPage from './local-detail-page.tsx';

const RECORDS = '/api/v1/usage/records?';
const CSV = '/api/v1/usage/records.csv?';

function serve() {
  return fakeServer((req: Seen) => {
    if (req.path === '/api/v1/usage/balances')
      return ok(
        balances({
          lines: [usageLine(), usageLine({ id: SUB_ID, msisdn: '91000005', isMainLine: false })],
        }),
      );
    if (req.path.startsWith(CSV)) return { status: 200, body: 'when,number\n' };
    if (req.path.startsWith(RECORDS) && req.path.includes('after=page-2'))
      return ok({
        items: [record({ id: 'r-old', startedAt: '2026-06-01T01:00:00Z', volume: 3 * GB })],
        next: null,
      });
    if (req.path.startsWith(RECORDS))
      return ok({
        items: [
          record({
            kind: 'voice',
            direction: 'outgoing',
            country: 'MY',
            scope: 'idd',
            unit: 'SECONDS',
            volume: 125,
            outOfBundle: 125,
            chargeCents: 150,
          }),
          record({ kind: 'sms', direction: 'incoming', unit: 'EVENTS', volume: 1 }),
          record({ volume: 13_002_342, outOfBundle: 0 }),
        ],
        next: 'page-2',
      });
    return refused(404, 'Not found');
  });
}

const records = (server: ReturnType<typeof serve>) => server.seen.filter((r) => r.path.startsWith(RECORDS));
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const open = () => renderPage(<LocalDetailPage route={routeByName('localDetail')} />);

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

describe('the local usage detail page', () => {
  it("opens on the portal's month, not the month of a device whose clock is on 2 July", async () => {
    // The portal's day is 15 June (the balances' today); the phone says 2 July.
    vi.setSystemTime(new Date('2026-07-02T04:00:00Z'));
    const server = serve();
    open();
    expect(
      await screen.findByRole('table', {
        name: 'Usage records from 1 June 2026 to 15 June 2026, in Singapore time',
      }),
    ).toBeTruthy();
    expect([field('From').value, field('To').value, field('To').max]).toEqual([
      '2026-06-01',
      '2026-06-15',
      '2026-06-15',
    ]);
    expect(records(server).map((r) => r.path)).toEqual([
      `${RECORDS}from=2026-06-01&to=2026-06-15&scope=local`,
    ]);
  });

  it('opens on this month so far and lists its records, a page at a time', async () => {
    const server = serve();
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Local Usage Detail' })).toBeTruthy();
    const table = await screen.findByRole('table', {
      name: 'Usage records from 1 June 2026 to 15 June 2026, in Singapore time',
    });
    expect(field('From').value).toBe('2026-06-01');
    expect(field('To').value).toBe('2026-06-15');
    expect(records(server).map((r) => r.path)).toEqual([
      `${RECORDS}from=2026-06-01&to=2026-06-15&scope=local`,
    ]);
    expect(within(table).getByRole('row', { name: /Call out Malaysia 3 min 3 min \$1\.50$/ })).toBeTruthy();
    expect(
      within(table).getByRole('row', { name: /\+65 9100 0004 SMS in Singapore 1 SMS 0 SMS \$0\.00$/ }),
    ).toBeTruthy();
    // In GB, as the spec shows data; what is too little for 0.01 GB is less than it, never 0.00 GB.
    expect(
      within(table).getByRole('row', { name: /Data Singapore 0\.01 GB 0\.00 GB \$0\.00$/ }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('3.00 GB')).toBeTruthy();
    expect(records(server).at(-1)?.path).toBe(
      `${RECORDS}from=2026-06-01&to=2026-06-15&scope=local&after=page-2`,
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("shows the schema's message under To for a start after the end, and sends no request", async () => {
    const server = serve();
    open();
    await screen.findByRole('table');
    const before = records(server).length;
    fireEvent.change(field('From'), { target: { value: '2026-06-10' } });
    fireEvent.change(field('To'), { target: { value: '2026-06-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show records' }));
    expect(await screen.findByText(UsageMessages.rangeOrder)).toBeTruthy();
    expect(field('To').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await new Promise((r) => setTimeout(r, 30));
    expect(records(server).length).toBe(before);
    expect(server.seen.some((r) => r.path.includes('from=2026-06-10'))).toBe(false);
  });

  it("asks for the chosen line and kind, and downloads the same records as CSV with the user's token", async () => {
    const server = serve();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:usage');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    open();
    await screen.findByRole('option', { name: '+65 9100 0005 (Us)' });
    fireEvent.change(screen.getByLabelText('Line'), { target: { value: SUB_ID } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'voice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show records' }));
    // Local use only: IDD and roaming have their own pages.
    const query = `line=${SUB_ID}&kind=voice&scope=local&from=2026-06-01&to=2026-06-15`;
    await waitFor(() => expect(records(server).at(-1)?.path).toBe(`${RECORDS}${query}`));

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const csv = server.seen.filter((r) => r.path.startsWith(CSV));
    expect(csv.map((r) => [r.path, r.authorization])).toEqual([[`${CSV}${query}`, 'Bearer token-1']]);
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
