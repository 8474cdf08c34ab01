import { routeByName } from '@selfcare/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { navigate } from '../../../lib/router.tsx';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { BOOSTERS, ME, owned, renderPage, saved, TOP_UPS, US1, US2, view } from '../test/fixtures.tsx';
import BoosterEditPage from './booster-edit-page.tsx';
import BoosterEditShareablePage from './booster-edit-shareable-page.tsx';

vi.mock('../../../components/ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const SHARED = owned({
  id: 'b-share',
  code: 'BOOST-20-SHARE',
  name: 'Shared Booster 20GB',
  priceCents: 1200,
  lineIds: [US1, US2],
});
const MONTHLY = owned({
  id: 'b-monthly',
  code: 'BOOST-10-MONTHLY',
  name: 'Monthly Booster 10GB',
  recurrence: 'monthly',
  priceCents: 600,
  endsAt: null,
  changeable: true,
});

function serve(answer: (req: Seen) => ReturnType<typeof ok> | undefined = () => undefined) {
  return fakeServer((req) => {
    const answered = answer(req);
    if (answered) return answered;
    if (req.method === 'GET' && req.path === '/api/v1/products?kind=booster')
      return ok(view({ catalog: BOOSTERS, products: [SHARED, MONTHLY] }));
    if (req.method === 'GET' && req.path === '/api/v1/products?kind=top-up')
      return ok(view({ catalog: TOP_UPS, products: [] }));
    return refused(404, 'Not found');
  });
}

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the shareable booster page', () => {
  it('changes the lines it serves, at least one, and sends them together', async () => {
    const server = serve((req) =>
      req.method === 'PUT'
        ? saved({ ...SHARED, lineIds: [US1, ME] }, 'Data updated successfully', 200)
        : undefined,
    );
    navigate('/manage/booster/b-share/editShareable', { replace: true });
    renderPage(<BoosterEditShareablePage route={routeByName('boosterEditShareable')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Shareable Booster' })).toBeTruthy();
    const group = await screen.findByRole('group', { name: 'Lines it serves' });
    const box = (name: string) => within(group).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(
      [box('+65 9100 0004 (Me)'), box('+65 8100 0001 (Us)'), box('+65 8100 0002 (Us)')].map((b) => b.checked),
    ).toEqual([false, true, true]);
    fireEvent.click(box('+65 8100 0001 (Us)'));
    fireEvent.click(box('+65 8100 0002 (Us)'));
    const save = screen.getByRole('button', { name: 'Save the lines of Shared Booster 20GB' });
    fireEvent.click(save);
    const errorId = (group.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Choose at least one line.');
    expect(server.seen.filter((r) => r.method === 'PUT')).toHaveLength(0);

    fireEvent.click(box('+65 9100 0004 (Me)'));
    fireEvent.click(box('+65 8100 0001 (Us)'));
    fireEvent.click(save);
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully'));
    const put = server.seen.filter((r) => r.method === 'PUT');
    expect(put.map((r) => r.path)).toEqual(['/api/v1/products/b-share/lines']);
    expect(JSON.parse(put[0]?.body ?? '{}')).toEqual({ lineIds: [ME, US1] });
  });

  it('shows the refusal of a second change in the month', async () => {
    serve((req) =>
      req.method === 'PUT'
        ? refused(409, 'This booster has already been changed this month. Please try again next month.')
        : undefined,
    );
    navigate('/manage/booster/b-share/editShareable', { replace: true });
    renderPage(<BoosterEditShareablePage route={routeByName('boosterEditShareable')} />);
    const group = await screen.findByRole('group', { name: 'Lines it serves' });
    fireEvent.click(within(group).getByRole('checkbox', { name: '+65 9100 0004 (Me)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the lines of Shared Booster 20GB' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This booster has already been changed this month. Please try again next month.',
    );
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});

describe('the booster detail page', () => {
  it('removes a monthly booster to the end of the month, after saying so', async () => {
    const server = serve((req) =>
      req.method === 'DELETE'
        ? saved(
            { ...MONTHLY, state: 'ending', endsAt: '2026-06-30T16:00:00Z' },
            'Data updated successfully',
            200,
          )
        : undefined,
    );
    navigate('/manage/booster/b-monthly/edit', { replace: true });
    renderPage(<BoosterEditPage route={routeByName('boosterEdit')} />);
    expect(await screen.findByText('Monthly Booster 10GB')).toBeTruthy();
    expect(screen.getByText('$6.00 a month')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Monthly Booster 10GB' }));
    expect(
      screen.getByText('Monthly Booster 10GB ends at the end of 30 June 2026 and is charged until then.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm removing Monthly Booster 10GB' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Data updated successfully'));
    expect(server.seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/v1/products/b-monthly',
    ]);
  });

  it('says a one-time booster cannot be removed, and one not found is not found', async () => {
    serve();
    navigate('/manage/booster/b-share/edit', { replace: true });
    const { unmount } = renderPage(<BoosterEditPage route={routeByName('boosterEdit')} />);
    expect(await screen.findByText(/^A one-time purchase cannot be removed/)).toBeTruthy();
    expect(screen.getByText('$12.00, valid 30 days')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    unmount();

    navigate('/manage/booster/gone/edit', { replace: true });
    renderPage(<BoosterEditPage route={routeByName('boosterEdit')} />);
    expect(await screen.findByText('This booster was not found. It may have ended.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to boosters' }).getAttribute('href')).toBe(
      '/manage/booster',
    );
  });
});
