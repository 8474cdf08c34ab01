import { routeByName } from '@selfcare/domain';
import { LineServiceMessages } from '@selfcare/domain/line-services';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { session } from '../../../lib/session.ts';
import { fakeServer, later, ok, refused, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { balances, MAIN_ID, renderPage, SUB_ID, usageLine } from '../test/fixtures.tsx';
import PolicyControlPage from './policy-control-page.tsx';

vi.mock('../../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const OPTIONS = `/api/v1/usage/lines/${MAIN_ID}/options`;
const limited = usageLine({ rollover: false, stopDataAtLimit: false });
const unlimited = usageLine({
  id: SUB_ID,
  msisdn: '91000005',
  isMainLine: false,
  planName: 'Unlimited 5G',
  unlimited: { data: true, voice: true, sms: true },
  rollover: false,
});

function serve(put: (req: Seen) => ReturnType<typeof ok> | Promise<ReturnType<typeof ok>>) {
  return fakeServer((req) => {
    if (req.path === '/api/v1/usage/balances') return ok(balances({ lines: [limited, unlimited] }));
    if (req.method === 'PUT' && req.path === OPTIONS) return put(req);
    return refused(404, 'Not found');
  });
}

const saved = (req: Seen) =>
  ok({ ...limited, ...(JSON.parse(req.body ?? '{}') as object) }, 'Data updated successfully');
const open = () => renderPage(<PolicyControlPage route={routeByName('policyControl')} />);
const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T04:00:00Z'));
  session.set(sessionOf('token-1'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the data rollover page', () => {
  it('switches rollover on from the next renewal, with the API message, disabled while saving', async () => {
    // The answer takes 200 ms, long enough for a loaded machine to show the save under way.
    const server = serve((req) => later(saved(req), 200));
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Data Rollover' })).toBeTruthy();
    const me = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    const rollover = within(me).getByRole('switch', { name: 'Data rollover for +65 9100 0004 (Me)' });
    expect((rollover as HTMLInputElement).checked).toBe(false);
    const help = document.getElementById(rollover.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe(
      "Unused plan data carries into next month, up to one month's allowance, and is used first.",
    );

    fireEvent.click(rollover);
    // While it saves, both switches wait and the one changed shows the value asked for: read together,
    // as one moment of the page.
    await waitFor(() => {
      expect(toggle('Stop data at 100% for +65 9100 0004 (Me)').disabled).toBe(true);
      expect(toggle('Data rollover for +65 9100 0004 (Me)').checked).toBe(true);
    });

    expect(await within(me).findByText('Takes effect on 1 July 2026')).toBeTruthy();
    const puts = server.seen.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.path, r.body, r.authorization])).toEqual([
      [OPTIONS, '{"rollover":true}', 'Bearer token-1'],
    ]);
    expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully');
    // The switch is usable again once the save has settled, which renders after the message.
    await waitFor(() => expect(toggle('Data rollover for +65 9100 0004 (Me)').disabled).toBe(false));
    expect(toggle('Data rollover for +65 9100 0004 (Me)').checked).toBe(true);
  });

  it('stops data at 100% at once', async () => {
    const server = serve(saved);
    open();
    fireEvent.click(await screen.findByRole('switch', { name: 'Stop data at 100% for +65 9100 0004 (Me)' }));
    expect(await screen.findByText('Takes effect now')).toBeTruthy();
    expect(server.seen.find((r) => r.method === 'PUT')?.body).toBe('{"stopDataAtLimit":true}');
    expect(
      screen.getByText('Data stops when your data runs out, instead of charging for more.'),
    ).toBeTruthy();
  });

  it('offers no switch for a line with unlimited data', async () => {
    serve(saved);
    open();
    const us = await screen.findByRole('region', { name: '+65 9100 0005 (Us)' });
    expect(within(us).getByText('Your plan has unlimited data: nothing to roll over.')).toBeTruthy();
    expect(within(us).queryByRole('switch')).toBeNull();
    expect(screen.getAllByRole('switch')).toHaveLength(2);
  });

  it('shows a suspended line’s options as they are, not to be changed, and says why', async () => {
    const server = fakeServer((req) =>
      req.path === '/api/v1/usage/balances'
        ? ok(balances({ lines: [{ ...limited, rollover: true, suspended: true }] }))
        : refused(404, 'Not found'),
    );
    open();
    const me = await screen.findByRole('region', { name: '+65 9100 0004 (Me)' });
    const rollover = toggle('Data rollover for +65 9100 0004 (Me)');
    expect([rollover.checked, rollover.disabled]).toEqual([true, true]);
    expect(toggle('Stop data at 100% for +65 9100 0004 (Me)').disabled).toBe(true);
    expect(within(me).getByText(LineServiceMessages.suspendedLine)).toBeTruthy();
    fireEvent.click(rollover);
    expect(server.seen.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it("shows the API's message when the change is refused, and leaves the switch as it was", async () => {
    serve(() => refused(503, 'The service is busy. Please try again in a moment.'));
    open();
    fireEvent.click(await screen.findByRole('switch', { name: 'Data rollover for +65 9100 0004 (Me)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is busy. Please try again in a moment.',
    );
    await waitFor(() => expect(toggle('Data rollover for +65 9100 0004 (Me)').checked).toBe(false));
    expect(screen.queryByText(/Takes effect/)).toBeNull();
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
