import { routeByName } from '@selfcare/domain';
import type { PlanChangeView } from '@selfcare/domain/contracts/plan-change';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../components/ui/notify.ts';
import { navigate } from '../../lib/router.tsx';
import { session } from '../../lib/session.ts';
import { customer, fakeServer, ok, refused, type Seen, sessionOf } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import CheckCisPage from './pages/check-cis-page.tsx';

vi.mock('../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const AUTHORISE = '/api/v1/auth/myinfo/checkCIS/authoriseUrl';
const CHECK = '/api/v1/auth/myinfo/checkCIS';
const MYINFO_URL = 'http://myinfo.example/myinfo/v3/authorise?state=abc';
const ELIGIBLE = 'You are eligible for the Orchid Health Group plans.';
const ORCHID_PLAN = {
  code: 'CIS-ORCHID-28',
  name: 'Orchid Care 28',
  description: 'For Orchid Health staff',
  descriptions: {},
  monthlyCents: 2800,
  corporate: true,
};
const view = (corporate: boolean): PlanChangeView => ({
  lines: [],
  plans: [
    {
      code: 'LITE-10',
      name: 'Lite 10',
      description: 'Light',
      descriptions: {},
      monthlyCents: 1000,
      corporate: false,
    },
    ...(corporate ? [ORCHID_PLAN] : []),
  ],
  changes: [],
  effectiveOn: '2026-12-01',
});

/** The server: the employer check answers `check`; passing it adds the corporate plan. */
function server(check: () => ReturnType<typeof ok>) {
  let passed = false;
  return fakeServer((req) => {
    if (req.method === 'GET' && req.path === '/api/v1/plan-changes') return ok(view(passed));
    if (req.method === 'GET' && req.path === AUTHORISE) return ok({ url: MYINFO_URL });
    if (req.method === 'POST' && req.path === '/api/v1/auth/refreshToken')
      return ok({ ...sessionOf('token-2'), authUser: customer({ cisTypes: ['ORCHID'] }) });
    if (req.method === 'POST' && req.path === CHECK) {
      const reply = check();
      passed = reply.status === 200;
      return reply;
    }
    return { status: 404 };
  });
}

const openAt = (search: string) => act(() => navigate(`/profile/checkCIS${search}`, { replace: true }));
const renderCheck = () => renderPage(<CheckCisPage route={routeByName('checkCIS')} />);

beforeEach(() => {
  session.set(sessionOf('token-1'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(notifySuccess).mockClear();
});

describe('/profile/checkCIS by Singpass (Myinfo)', () => {
  it('offers both ways, each in a labelled section, and sends the customer to Singpass', async () => {
    openAt('');
    const { seen } = server(() => ok({ company: { code: 'ORCHID', name: 'Orchid Health Group' } }));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderCheck();
    expect(screen.getByRole('region', { name: 'By company email' })).toBeTruthy();
    const myinfo = screen.getByRole('region', { name: 'By Singpass (Myinfo)' });
    expect(await screen.findByText('No corporate plans are available to you yet.')).toBeTruthy();
    fireEvent.click(within(myinfo).getByRole('button', { name: 'Check with Singpass (Myinfo)' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(MYINFO_URL));
    expect(seen.some((r: Seen) => r.method === 'POST' && r.path === CHECK)).toBe(false);
  });

  it('says why when Singpass cannot be reached, as an alert', async () => {
    openAt('');
    fakeServer((req) =>
      req.path === AUTHORISE
        ? refused(503, 'Cannot direct to SingPass now!')
        : req.path === '/api/v1/plan-changes'
          ? ok(view(false))
          : { status: 404 },
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderCheck();
    fireEvent.click(screen.getByRole('button', { name: 'Check with Singpass (Myinfo)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot direct to SingPass now!');
    expect(assign).not.toHaveBeenCalled();
  });

  it('back from Myinfo, checks once, renews the session, and shows the company and its plans', async () => {
    openAt('?code=the-code&state=%7B%22ref%22%3A%22%2Fprofile%2FcheckCIS%22%7D');
    const s = server(() => ok({ company: { code: 'ORCHID', name: 'Orchid Health Group' } }, ELIGIBLE));
    renderCheck();
    expect(screen.getByRole('status', { name: 'Checking your employer with Myinfo' })).toBeTruthy();
    const result = await screen.findByText(ELIGIBLE);
    expect(result.getAttribute('role')).toBe('status');
    const plans = await screen.findByRole('region', { name: 'Corporate plans you can move to' });
    expect(within(plans).getByText('Orchid Care 28')).toBeTruthy();
    expect(within(plans).getByRole('link', { name: 'Change the plan of a line' })).toBeTruthy();
    expect(notifySuccess).toHaveBeenCalledWith(ELIGIBLE);
    expect(session.get().user?.cisTypes).toEqual(['ORCHID']);
    expect(session.get().token).toBe('token-2');
    // The code and state were posted as MyInfo gave them, once, and have left the address bar.
    expect(s.seen.filter((r) => r.path === CHECK).map((r) => JSON.parse(r.body ?? '{}'))).toEqual([
      { code: 'the-code', state: '{"ref":"/profile/checkCIS"}' },
    ]);
    expect(window.location.search).toBe('');
  });

  it('says "Not eligible for CIS" as an alert, and offers no corporate plans', async () => {
    openAt('?code=c&state=s');
    server(() => refused(422, 'Not eligible for CIS'));
    renderCheck();
    expect((await screen.findByRole('alert')).textContent).toBe('Not eligible for CIS');
    expect(await screen.findByText('No corporate plans are available to you yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Corporate plans you can move to' })).toBeNull();
    expect(notifySuccess).not.toHaveBeenCalled();
    // The customer may try again.
    expect(screen.getByRole('button', { name: 'Check with Singpass (Myinfo)' })).toBeTruthy();
  });

  it('says the details cannot be retrieved when Myinfo sends the customer back with an error', async () => {
    openAt('?error=access_denied&state=s');
    const { seen } = server(() => ok({ company: { code: 'ORCHID', name: 'Orchid Health Group' } }));
    renderCheck();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your employer cannot be retrieved from Myinfo now. Please try again later, or check with your company email.',
    );
    expect(seen.some((r) => r.path === CHECK)).toBe(false);
  });
});
