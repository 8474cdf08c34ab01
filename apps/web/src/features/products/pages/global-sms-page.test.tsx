import { routeByName } from '@selfcare/domain';
import type { ProductsView } from '@selfcare/domain/contracts/products';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { fakeServer, ok, refused, type Seen, sessionOf } from '../../../test/fake-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import GlobalSmsPage from './global-sms-page.tsx';

const view: ProductsView = {
  lines: [
    {
      id: '0b6f6a3e-1c1e-4c53-9f3e-5d2a7f1b0a01',
      msisdn: '91000004',
      isMainLine: true,
      planCode: 'LITE-10',
      planName: 'Lite 10',
      state: 'active',
    },
  ],
  catalog: [
    {
      code: 'IDD-SAVER',
      kind: 'idd',
      name: 'IDD Saver',
      description: 'Half the usual rate on every call you make to a number abroad.',
      descriptions: {},
      priceCents: 300,
      recurrence: 'monthly',
      validityDays: null,
      shareable: false,
      countries: [],
      planCodes: null,
    },
  ],
  products: [],
  removalAt: '2026-06-30T16:00:00Z',
  iddRates: [
    { country: 'MY', centsPerMinute: 8, saverCentsPerMinute: 4, smsCents: 15 },
    { country: 'PH', centsPerMinute: 18, saverCentsPerMinute: 9, smsCents: 15 },
  ],
  card: null,
};

beforeEach(() => session.set(sessionOf('token-1')));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the IDD page', () => {
  it('lists the IDD services and the rates to each destination, with the IDD Saver rate', async () => {
    fakeServer((req: Seen) =>
      req.path === '/api/v1/products?kind=idd' ? ok(view) : refused(404, 'Not found'),
    );
    renderPage(<GlobalSmsPage route={routeByName('globalSMS')} />);
    expect(await screen.findByRole('group', { name: 'IDD Saver' })).toBeTruthy();
    const rates = screen.getByRole('table');
    expect(within(rates).getByRole('row', { name: 'Malaysia $0.08 $0.04 $0.15' })).toBeTruthy();
    expect(within(rates).getByRole('row', { name: 'Philippines $0.18 $0.09 $0.15' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Rates to numbers abroad' })).toBeTruthy();
  });
});
