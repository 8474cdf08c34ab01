import { routeByName } from '@selfcare/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../../lib/router.tsx';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, sessionOf } from '../../../test/fake-server.ts';
import { owned, PACKS, renderPage, US1, view } from '../test/fixtures.tsx';
import RoamingEditPage from './roaming-edit-page.tsx';

const PACK = owned({
  id: 'p-later',
  code: 'RP-MY-3D',
  kind: 'roaming-pack',
  name: 'Malaysia 3GB, 3 days',
  priceCents: 500,
  lineIds: [US1],
  startsAt: '2026-12-04T16:00:00Z',
  endsAt: '2026-12-07T16:00:00Z',
});

function serve(pack: typeof PACK) {
  return fakeServer((req) =>
    req.method === 'GET' && req.path.startsWith('/api/v1/products?kind=roaming-pack')
      ? ok(view({ catalog: PACKS, products: [pack] }))
      : refused(404, 'Not found'),
  );
}

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('a roaming pack in detail', () => {
  it('names a pack bought for a later day by when it starts, not as started', async () => {
    serve({ ...PACK, state: 'scheduled' });
    navigate(`/manage/roaming/${PACK.id}/edit`, { replace: true });
    renderPage(<RoamingEditPage route={routeByName('roamingEdit')} />);
    const group = await screen.findByRole('group', { name: PACK.name });
    expect(within(group).getByText('Starts')).toBeTruthy();
    expect(within(group).queryByText('Started')).toBeNull();
    expect(within(group).getByText('Starts on its day')).toBeTruthy();
  });

  it('names a pack serving now by when it started', async () => {
    serve(PACK);
    navigate(`/manage/roaming/${PACK.id}/edit`, { replace: true });
    renderPage(<RoamingEditPage route={routeByName('roamingEdit')} />);
    const group = await screen.findByRole('group', { name: PACK.name });
    expect(within(group).getByText('Started')).toBeTruthy();
  });
});
