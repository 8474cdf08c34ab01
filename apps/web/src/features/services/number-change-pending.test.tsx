import { routeByName } from '@selfcare/domain';
import type { NumberChangeView } from '@selfcare/domain/contracts/line-services';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { fakeServer, ok, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import NumberChangePage from './pages/number-change-page.tsx';

type Line = NumberChangeView['lines'][number];
const LINE = '11111111-1111-4111-8111-111111111111';
const MINUTE = 60_000;

/** The customer's one line, with a confirmed change to 8700 0002 that the network has not made yet. */
const pendingSince = (confirmedAt: Date): NumberChangeView => ({
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
      change: {
        id: 'c1',
        state: 'pending',
        fromMsisdn: '91234567',
        toMsisdn: '87000002',
        heldUntil: new Date(confirmedAt.getTime() + 30 * MINUTE).toISOString(),
        feeCents: 2200,
        failure: null,
        confirmedAt: confirmedAt.toISOString(),
        completedAt: null,
      },
    } satisfies Line,
  ],
  holdMinutes: 30,
});

const MAKING =
  'Changing to +65 8700 0002: the network is making the change. This page shows it as done once the network confirms it.';
const NOT_ANSWERING =
  'Changing to +65 8700 0002: the network is not answering at the moment. Your change is kept and completes as soon as the network is back; nothing is charged until then.';

let view: NumberChangeView;
beforeEach(() => {
  session.set(sessionOf('token-1'));
  fakeServer((req) =>
    req.method === 'GET' && req.path === '/api/v1/number-changes' ? ok(view) : { status: 404 },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The line's status, announced as it changes. */
const lineStatus = async () => {
  await screen.findByRole('heading', { name: /9123 4567/ });
  return screen.getByRole('status');
};

describe('/manage/numberChange: a confirmed change the network has not made yet', () => {
  it('says the network is making the change when it was confirmed moments ago', async () => {
    view = pendingSince(new Date(Date.now() - 30_000));
    renderPage(<NumberChangePage route={routeByName('numberChange')} />);
    const status = await lineStatus();
    expect(within(status).getByText(MAKING)).toBeTruthy();
    expect(screen.queryByText(/network is not answering/)).toBeNull();
    // Nothing to choose while it is pending.
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('says the network is not answering, and that the change is kept, once it has waited long', async () => {
    view = pendingSince(new Date(Date.now() - 5 * MINUTE));
    renderPage(<NumberChangePage route={routeByName('numberChange')} />);
    const status = await lineStatus();
    expect(within(status).getByText(NOT_ANSWERING)).toBeTruthy();
    expect(screen.queryByText(MAKING)).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('still says the network is making it just under two minutes on, and not answering just over', async () => {
    // ADR 0028: "after two minutes the page says the network is not answering".
    view = pendingSince(new Date(Date.now() - 2 * MINUTE + 10_000));
    const first = renderPage(<NumberChangePage route={routeByName('numberChange')} />);
    expect(within(await lineStatus()).getByText(MAKING)).toBeTruthy();
    first.unmount();

    view = pendingSince(new Date(Date.now() - 2 * MINUTE - 10_000));
    renderPage(<NumberChangePage route={routeByName('numberChange')} />);
    expect(within(await lineStatus()).getByText(NOT_ANSWERING)).toBeTruthy();
  });

  it('switches to "not answering" on a page left open while the change waits past two minutes', async () => {
    // Only the clock is faked: the page's own polling runs on real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    const confirmed = new Date();
    vi.setSystemTime(confirmed.getTime() + 30_000);
    view = pendingSince(confirmed);
    renderPage(<NumberChangePage route={routeByName('numberChange')} />);
    expect(within(await lineStatus()).getByText(MAKING)).toBeTruthy();

    // Three minutes later the network still has not answered; the page keeps looking (every 3 s).
    vi.setSystemTime(confirmed.getTime() + 3 * MINUTE);
    expect(await screen.findByText(NOT_ANSWERING, undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText(MAKING)).toBeNull();
  }, 15_000);
});
