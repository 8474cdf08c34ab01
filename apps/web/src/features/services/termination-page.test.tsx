import { routeByName } from '@selfcare/domain';
import type { TerminationView } from '@selfcare/domain/contracts/line-services';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../components/ui/notify.ts';
import { session } from '../../lib/session.ts';
import { fakeServer, ok, refused, type Seen, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import TerminationPage from './pages/termination-page.tsx';

vi.mock('../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const ME = { lineId: '11111111-1111-4111-8111-111111111111', msisdn: '91234567', isMainLine: true };
const US = { lineId: '22222222-2222-4222-8222-222222222222', msisdn: '81234567', isMainLine: false };
const view = (over: Partial<TerminationView> = {}): TerminationView => ({
  lines: [
    { ...ME, termination: null },
    { ...US, termination: null },
  ],
  awaitingNetwork: [],
  today: '2026-11-26',
  latest: '2027-02-24',
  ...over,
});

let seen: Seen[];
function serve(first: TerminationView, after = first) {
  let answered = false;
  seen = fakeServer((req) => {
    if (req.method === 'GET' && req.path === '/api/v1/terminations') return ok(answered ? after : first);
    if (req.method === 'POST' && req.path === '/api/v1/terminations') {
      const input = JSON.parse(req.body ?? '{}') as { password: string };
      if (input.password !== 'Right#Pass1')
        return refused(422, 'Password incorrect. Please Re-enter.', {
          fields: { password: 'Password incorrect. Please Re-enter.' },
        });
      answered = true;
      return ok(null, 'The line will end on 3 December 2026.');
    }
    return { status: 404 };
  }).seen;
}

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notifySuccess).mockClear();
});

describe('/manage/termination', () => {
  it('offers the Us line or the whole account (the main line only with it), and needs the right password', async () => {
    const scheduled = view({
      lines: [
        { ...ME, termination: null },
        { ...US, termination: { id: 't-1', effectiveOn: '2026-12-03', wholeAccount: false } },
      ],
    });
    serve(view(), scheduled);
    renderPage(<TerminationPage route={routeByName('termination')} />);
    const what = await screen.findByRole('radiogroup', { name: /What do you want to end\?/ });
    expect(within(what).getAllByRole('radio')).toHaveLength(2);
    expect(within(what).getByRole('radio', { name: '+65 8123 4567 (Us)' })).toBeTruthy();
    expect(within(what).queryByRole('radio', { name: '+65 9123 4567 (Me)' })).toBeNull();
    expect(within(what).getByRole('radio', { name: 'The whole account: every line' })).toBeTruthy();
    expect(screen.getByText('Your main line ends only with the whole account.')).toBeTruthy();
    expect(screen.getByText('Nothing is set to end.')).toBeTruthy();

    fireEvent.click(within(what).getByRole('radio', { name: '+65 8123 4567 (Us)' }));
    fireEvent.change(screen.getByLabelText(/End date/), { target: { value: '2026-12-03' } });
    fireEvent.change(screen.getByLabelText(/Your password, to confirm/), {
      target: { value: 'Wrong#Pass1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'End it on this day' }));
    expect(await screen.findByText('Password incorrect. Please Re-enter.')).toBeTruthy();
    expect(screen.getByText('Nothing is set to end.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Your password, to confirm/), {
      target: { value: 'Right#Pass1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'End it on this day' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('The line will end on 3 December 2026.'));
    const posted = seen.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body ?? '{}'));
    expect(posted.at(-1)).toEqual({
      scope: 'line',
      lineId: US.lineId,
      effectiveOn: '2026-12-03',
      password: 'Right#Pass1',
    });
    const set = await screen.findByRole('region', { name: 'Set to end' });
    expect(await within(set).findByText(/\+65 8123 4567 \(Us\): Ends on/)).toBeTruthy();
    expect(within(set).getByRole('button', { name: 'Cancel ending +65 8123 4567 (Us)' })).toBeTruthy();
  });

  it('says when the network has not confirmed an end yet, also once no line is left, until it has', async () => {
    const waiting = view({ lines: [], awaitingNetwork: [{ ...ME, endedAt: '2026-11-26T02:00:00Z' }] });
    let reads = 0;
    fakeServer((req) => {
      if (req.method !== 'GET' || req.path !== '/api/v1/terminations') return { status: 404 };
      reads += 1;
      return ok(reads === 1 ? waiting : view({ lines: [] }));
    });
    renderPage(<TerminationPage route={routeByName('termination')} />);
    const note = await screen.findByText(/^\+65 9123 4567 \(Me\) ended on /);
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(note.textContent).toMatch(
      /ended on .*2026.*\. The network has not confirmed it yet: the end is kept and goes through as soon as the network answers\./,
    );
    expect(screen.getByText('You have no active lines yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End it on this day' })).toBeNull();
    // The page looks again while it waits: once the network has it, the note goes.
    await waitFor(() => expect(screen.queryByText(/ended on/)).toBeNull(), { timeout: 6000 });
    expect(reads).toBeGreaterThanOrEqual(2);
  }, 10_000);

  it('has nothing to offer a customer with no lines', async () => {
    serve(view({ lines: [] }));
    renderPage(<TerminationPage route={routeByName('termination')} />);
    expect(await screen.findByText('You have no active lines yet.')).toBeTruthy();
  });
});
