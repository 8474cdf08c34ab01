import { routeByName } from '@selfcare/domain';
import type { LostSimView, SimReplacement } from '@selfcare/domain/contracts/line-services';
import { LostSimMessages } from '@selfcare/domain/line-services';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../components/ui/notify.ts';
import { session } from '../../lib/session.ts';
import { fakeServer, ok, type Seen, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import LostSimPage from './pages/lost-sim-page.tsx';

vi.mock('../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

type Line = LostSimView['lines'][number];
const ME = '11111111-1111-4111-8111-111111111111';
const US = '22222222-2222-4222-8222-222222222222';
const line = (over: Partial<Line> = {}): Line => ({
  lineId: ME,
  msisdn: '91234567',
  isMainLine: true,
  typeSim: 0,
  iccid: '•••• 0018',
  deliveryAddress: '2 Orchard Turn, #04-12 ION Orchard, Singapore 238801',
  refusal: null,
  feeCents: 550,
  replacement: null,
  ...over,
});
const replacement = (over: Partial<SimReplacement> = {}): SimReplacement => ({
  id: 'r1',
  state: 'reported',
  typeSim: 0,
  feeCents: 550,
  reportedAt: new Date().toISOString(),
  blockedAt: null,
  deliveryAddress: '2 Orchard Turn, #04-12 ION Orchard, Singapore 238801',
  deliveryMethod: null,
  deliveryDate: null,
  trackingCode: null,
  sentAt: null,
  deliveredAt: null,
  completedAt: null,
  iccid: null,
  esim: null,
  ...over,
});
const us = line({ lineId: US, msisdn: '81230001', isMainLine: false });

let seen: Seen[];
let view: LostSimView;
beforeEach(() => {
  session.set(sessionOf('token-1'));
  view = { lines: [line(), us] };
  seen = fakeServer((req) => {
    if (req.method === 'GET' && req.path === '/api/v1/lost-sims') return ok(view);
    if (req.method === 'POST' && req.path === '/api/v1/lost-sims') {
      const { lineId } = JSON.parse(req.body ?? '{}') as { lineId: string };
      view = {
        lines: view.lines.map((l) =>
          l.lineId === lineId
            ? { ...l, refusal: LostSimMessages.alreadyOpen, replacement: replacement() }
            : l,
        ),
      };
      return ok(view, LostSimMessages.reported);
    }
    return { status: 404 };
  }).seen;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notifySuccess).mockClear();
});

const open = async () => {
  renderPage(<LostSimPage route={routeByName('lostSim')} />);
  expect(await screen.findByRole('heading', { name: 'Lost SIM' })).toBeTruthy();
};

describe('/manage/lostSim', () => {
  it('has the customer pick the line, shows what happens and the fee, and reports it', async () => {
    await open();
    // Two lines: nothing is reported until one is chosen.
    expect(screen.queryByRole('button', { name: 'Block this SIM and replace it' })).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: '+65 9123 4567 (Me)' }));
    const section = screen.getByRole('region', { name: '+65 9123 4567 (Me)' });
    expect(within(section).getByText(/blocked at once and for good/)).toBeTruthy();
    expect(
      within(section).getByText(
        'We send you a new SIM card at 2 Orchard Turn, #04-12 ION Orchard, Singapore 238801.',
      ),
    ).toBeTruthy();
    expect(
      within(section).getByText('Replacement SIM: $5.50, on your next bill once it is sent.'),
    ).toBeTruthy();

    const block = within(section).getByRole('button', { name: 'Block this SIM and replace it' });
    block.focus();
    fireEvent.click(block);
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(LostSimMessages.reported));
    expect(JSON.parse(seen.find((r) => r.method === 'POST')?.body ?? '')).toEqual({ lineId: ME });
    expect(await screen.findByText(/Blocking your SIM: this page shows it as blocked/)).toBeTruthy();
    expect(screen.getByText('Reported lost')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block this SIM and replace it' })).toBeNull();
    // The button is gone: the keyboard's place is the line's heading, not the top of the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: '+65 9123 4567 (Me)' })),
    );
  });

  it('follows the replacement: blocked, on its way with its tracking code, and working again', async () => {
    const sent = new Date(Date.now() - 3600_000).toISOString();
    view = {
      lines: [
        line({
          refusal: LostSimMessages.alreadyOpen,
          replacement: replacement({
            state: 'sent',
            blockedAt: sent,
            sentAt: sent,
            deliveryMethod: 0,
            trackingCode: 'NV-0001',
            iccid: '•••• 2006',
          }),
        }),
      ],
    };
    await open();
    expect(
      await screen.findByText(
        'Your lost SIM is blocked: nobody can use it. Your new SIM is on its way (Home Delivery, tracking code NV-0001).',
      ),
    ).toBeTruthy();
    expect(screen.getByText('SIM blocked')).toBeTruthy();
    expect(screen.getByText('New SIM sent')).toBeTruthy();
    expect(screen.getByText('•••• 2006')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Block this SIM/ })).toBeNull();
  });

  it('says the network is not answering when the block waits, and that the report is kept', async () => {
    view = {
      lines: [
        line({ replacement: replacement({ reportedAt: new Date(Date.now() - 5 * 60_000).toISOString() }) }),
      ],
    };
    await open();
    expect(await screen.findByText(/network is not answering.*Your report is kept/)).toBeTruthy();
  });

  it('shows an eSIM line its new profile’s QR code and code, and a line that cannot be reported why', async () => {
    const done = new Date().toISOString();
    view = {
      lines: [
        line({
          typeSim: 1,
          feeCents: 0,
          deliveryAddress: null,
          replacement: replacement({
            typeSim: 1,
            feeCents: 0,
            state: 'completed',
            blockedAt: done,
            completedAt: done,
            esim: {
              activationCode: 'LPA:1$smdp.example$ABCDE-FGHJK-LMNPQ-RSTUV',
              smdpAddress: 'smdp.example',
              matchingId: 'ABCDE-FGHJK-LMNPQ-RSTUV',
              qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
            },
          }),
        }),
        { ...us, refusal: 'This line is suspended. Please contact support to resume it.' },
      ],
    };
    await open();
    fireEvent.click(await screen.findByRole('radio', { name: '+65 9123 4567 (Me)' }));
    expect(
      await screen.findByRole('img', { name: 'QR code of the new eSIM for +65 9123 4567' }),
    ).toBeTruthy();
    expect(screen.getByText('LPA:1$smdp.example$ABCDE-FGHJK-LMNPQ-RSTUV')).toBeTruthy();
    expect(screen.getByText(/Your line works on its new SIM since/)).toBeTruthy();
    expect(screen.getByText('A new eSIM profile is free of charge.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '+65 8123 0001 (Us)' }));
    expect(
      await screen.findByText('This line is suspended. Please contact support to resume it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Block this SIM/ })).toBeNull();
  });
});
