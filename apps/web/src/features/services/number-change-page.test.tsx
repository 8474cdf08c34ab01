import { routeByName } from '@selfcare/domain';
import type { NumberChangeView } from '@selfcare/domain/contracts/line-services';
import { NumberChangeMessages } from '@selfcare/domain/line-services';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../components/ui/notify.ts';
import { session } from '../../lib/session.ts';
import { fakeServer, ok, type Seen, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import NumberChangePage from './pages/number-change-page.tsx';

vi.mock('../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

type Line = NumberChangeView['lines'][number];
const LINE = '11111111-1111-4111-8111-111111111111';
const base: NumberChangeView = {
  lines: [
    {
      lineId: LINE,
      msisdn: '91234567',
      isMainLine: true,
      suspended: false,
      temporaryMsisdn: null,
      failedPort: null,
      portInProgress: false,
      feeCents: 2200,
      change: null,
    },
  ],
  holdMinutes: 30,
};
const held = (to: string): NumberChangeView => ({
  ...base,
  lines: [
    {
      ...(base.lines[0] as NumberChangeView['lines'][number]),
      change: {
        id: 'c1',
        state: 'held',
        fromMsisdn: '91234567',
        toMsisdn: to,
        heldUntil: new Date(Date.now() + 30 * 60_000).toISOString(),
        feeCents: 2200,
        failure: null,
        confirmedAt: null,
        completedAt: null,
      },
    },
  ],
});

let seen: Seen[];
let view: NumberChangeView;
beforeEach(() => {
  session.set(sessionOf('token-1'));
  view = base;
  seen = fakeServer((req) => {
    if (req.method === 'GET' && req.path === '/api/v1/number-changes') return ok(view);
    if (req.path.startsWith('/api/v1/number-changes/numbers'))
      return ok({ numbers: ['87000001', '87000002'], page: 1, totalPages: 1, total: 2 });
    if (req.method === 'PUT' && req.path === `/api/v1/number-changes/${LINE}/hold`) {
      const { msisdn } = JSON.parse(req.body ?? '{}') as { msisdn: string };
      view = held(msisdn);
      return ok(view, NumberChangeMessages.held);
    }
    if (req.method === 'POST' && req.path === `/api/v1/number-changes/${LINE}`) {
      const change = view.lines[0]?.change;
      view = {
        ...view,
        lines: [
          {
            ...(view.lines[0] as Line),
            change: {
              ...(change as NonNullable<Line['change']>),
              state: 'pending',
              confirmedAt: new Date().toISOString(),
            },
          },
        ],
      };
      return ok(view, NumberChangeMessages.submitted);
    }
    return { status: 404 };
  }).seen;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notifySuccess).mockClear();
});

describe('/manage/numberChange', () => {
  it('holds the number chosen, shows its fee and when it takes effect, and confirms it', async () => {
    renderPage(<NumberChangePage route={routeByName('numberChange')} />);
    expect(await screen.findByRole('heading', { name: 'Change Number' })).toBeTruthy();
    expect(await screen.findByText('A number change costs $22.00, on your next bill.')).toBeTruthy();
    // Choosing only picks (arrow keys pass over many): holding is its own step.
    fireEvent.click(await screen.findByRole('radio', { name: '8700 0002' }));
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
    const holdIt = screen.getByRole('button', { name: 'Hold +65 8700 0002' });
    holdIt.focus();
    fireEvent.click(holdIt);
    const summary = await screen.findByRole('region', { name: 'Your new number: +65 8700 0002' });
    // The hold button is gone: the keyboard goes on from the held number's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(summary).getByRole('heading', { name: 'Your new number: +65 8700 0002' }),
      ),
    );
    expect(within(summary).getByText('Fee: $22.00, on your next bill.')).toBeTruthy();
    expect(
      within(summary).getByText(/takes effect within minutes of confirming\. \+65 9123 4567 then stops/),
    ).toBeTruthy();
    // The account holder's own number: the codes banks and Singpass send it are named before confirming.
    expect(within(summary).getByText('Codes sent to +65 9123 4567 stop reaching you')).toBeTruthy();
    expect(within(summary).getByText(/Singpass and others that send you one-time codes/)).toBeTruthy();
    expect(JSON.parse(seen.find((r) => r.method === 'PUT')?.body ?? '')).toEqual({ msisdn: '87000002' });

    const changeIt = within(summary).getByRole('button', { name: 'Change to +65 8700 0002' });
    changeIt.focus();
    fireEvent.click(changeIt);
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(NumberChangeMessages.submitted));
    expect(
      await screen.findByText(/Changing to \+65 8700 0002: the network is making the change/),
    ).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '8700 0001' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: '+65 9123 4567 (Me)' })),
    );
  });

  it('says why a suspended line cannot change number, and offers nothing to choose', async () => {
    view = { ...base, lines: [{ ...(base.lines[0] as Line), suspended: true }] };
    renderPage(<NumberChangePage route={routeByName('numberChange')} />);
    expect(await screen.findByText(/This line is suspended/)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('link', { name: 'See its progress' })).toBeNull();
  });

  it('says where to follow a port-in still in progress, such as one just put in again', async () => {
    view = {
      ...base,
      lines: [{ ...(base.lines[0] as Line), temporaryMsisdn: '87000056', portInProgress: true }],
    };
    renderPage(<NumberChangePage route={routeByName('numberChange')} />);
    expect(await screen.findByText(/This line’s number port is not finished/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See its progress' }).getAttribute('href')).toBe(
      '/manage/numberPort',
    );
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
