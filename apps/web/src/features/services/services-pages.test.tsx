import { pathFor, routeByName } from '@selfcare/domain';
import type { LineServices } from '@selfcare/domain/contracts/line-services';
import { LineServiceMessages } from '@selfcare/domain/line-services';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSettings } from '../../app/settings.ts';
import { notifySuccess } from '../../components/ui/notify.ts';
import { navigate, useLocation } from '../../lib/router.tsx';
import { session } from '../../lib/session.ts';
import { fakeServer, ok, type Reply, type Seen, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import InternationalCallEditPage from './pages/international-call-edit-page.tsx';
import SuspensionEditPage from './pages/suspension-edit-page.tsx';
import SuspensionPage from './pages/suspension-page.tsx';

vi.mock('../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const SUPPORT = { email: 'care@operator.example.sg', phone: '+65 6999 1234' };
const ME: LineServices = {
  lineId: '11111111-1111-4111-8111-111111111111',
  msisdn: '91234567',
  isMainLine: true,
  status: 'Active',
  suspension: null,
  barring: { incomingInternational: false, outgoingInternational: true },
  pending: false,
};
const US: LineServices = {
  ...ME,
  lineId: '22222222-2222-4222-8222-222222222222',
  msisdn: '81234567',
  isMainLine: false,
  status: 'Suspension',
  suspension: { reason: 'travel', since: '2026-06-10T02:00:00Z' },
};

let seen: Seen[];
function serve(lines: LineServices[], change?: (req: Seen) => Reply) {
  seen = fakeServer((req) => {
    if (req.path === '/api/v1/settings')
      return ok({
        defaultLanguage: 'en',
        brandName: 'Selfcare',
        ...{ supportEmail: SUPPORT.email, supportPhone: SUPPORT.phone },
        marketingUrl: 'https://operator.example.sg',
      });
    if (req.method === 'GET' && req.path === '/api/v1/line-services') return ok(lines);
    return change ? change(req) : { status: 404 };
  }).seen;
}
const sent = (method: string) => seen.filter((r) => r.method === method);

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notifySuccess).mockClear();
});

describe('/manage/suspension', () => {
  it('shows each line’s status; an active one can be suspended, a suspended one says who resumes it', async () => {
    serve([ME, US]);
    await loadSettings();
    renderPage(<SuspensionPage route={routeByName('suspension')} />);
    const me = await screen.findByRole('region', { name: '+65 9123 4567 (Me)' });
    expect(within(me).getByText('Status: Active')).toBeTruthy();
    expect(within(me).getByRole('link', { name: 'Suspend +65 9123 4567 (Me)' }).getAttribute('href')).toBe(
      pathFor('suspensionEdit', { id: ME.lineId }),
    );
    const us = screen.getByRole('region', { name: '+65 8123 4567 (Us)' });
    expect(within(us).getByText('Status: Suspension')).toBeTruthy();
    expect(within(us).getByText(/Travelling overseas for a while/)).toBeTruthy();
    expect(within(us).getByText(new RegExp(SUPPORT.email.replace('.', '\\.')))).toBeTruthy();
    expect(within(us).queryByRole('link', { name: /Suspend/ })).toBeNull();
  });
});

describe('/manage/suspension/:id/edit', () => {
  it('asks for a reason first, then suspends with it and goes back to the list', async () => {
    const suspended: LineServices = {
      ...ME,
      status: 'Suspension',
      suspension: { reason: 'lost-device', since: '2026-06-15T02:00:00Z' },
      pending: true,
    };
    serve([ME], (req) =>
      req.method === 'POST' && req.path === `/api/v1/line-services/${ME.lineId}/suspension`
        ? ok(suspended, LineServiceMessages.suspended)
        : { status: 404 },
    );
    navigate(pathFor('suspensionEdit', { id: ME.lineId }));
    renderPage(
      <>
        <SuspensionEditPage route={routeByName('suspensionEdit')} />
        <Where />
      </>,
    );
    const confirm = await screen.findByRole('button', { name: 'Suspend this line now' });
    fireEvent.click(confirm);
    expect(await screen.findByText(LineServiceMessages.chooseReason)).toBeTruthy();
    expect(sent('POST')).toHaveLength(0);

    expect(screen.queryByRole('link', { name: 'Report a lost SIM instead' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'My phone was lost or stolen' }));
    // A lost phone's SIM is blocked and replaced on Lost SIM: the way there is offered first.
    const lost = await screen.findByRole('link', { name: 'Report a lost SIM instead' });
    expect(lost.getAttribute('href')).toBe(pathFor('lostSim'));
    fireEvent.click(confirm);
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Suspend service successfully'));
    expect(JSON.parse(sent('POST')[0]?.body ?? '{}')).toEqual({ reason: 'lost-device' });
    expect(screen.getByTestId('where').textContent).toBe(pathFor('suspension'));
  });

  it('says so for a line that is not the customer’s', async () => {
    serve([ME]);
    navigate(pathFor('suspensionEdit', { id: '33333333-3333-4333-8333-333333333333' }));
    renderPage(<SuspensionEditPage route={routeByName('suspensionEdit')} />);
    expect(await screen.findByText('This line was not found among your active lines.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend this line now' })).toBeNull();
  });
});

describe('/manage/internationalCall/:id/edit', () => {
  it('shows the line’s barring and saves both ways as chosen', async () => {
    serve([ME], (req) =>
      req.method === 'PUT' && req.path === `/api/v1/line-services/${ME.lineId}/barring`
        ? ok({ ...ME, barring: JSON.parse(req.body ?? '{}') }, 'Data updated successfully')
        : { status: 404 },
    );
    navigate(pathFor('internationalCallEdit', { id: ME.lineId }));
    renderPage(<InternationalCallEditPage route={routeByName('internationalCallEdit')} />);
    const incoming = await screen.findByRole('checkbox', {
      name: 'Bar incoming international calls and SMS',
    });
    const outgoing = screen.getByRole('checkbox', { name: 'Bar outgoing international calls and SMS (IDD)' });
    expect([(incoming as HTMLInputElement).checked, (outgoing as HTMLInputElement).checked]).toEqual([
      false,
      true,
    ]);
    fireEvent.click(incoming);
    fireEvent.click(outgoing);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully'));
    expect(JSON.parse(sent('PUT')[0]?.body ?? '{}')).toEqual({
      incomingInternational: true,
      outgoingInternational: false,
    });
  });

  it('does not offer changes on a suspended line', async () => {
    serve([US]);
    navigate(pathFor('internationalCallEdit', { id: US.lineId }));
    renderPage(<InternationalCallEditPage route={routeByName('internationalCallEdit')} />);
    expect(await screen.findByText(/This line is suspended/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
