import type { StaffQueuePage, StaffSession } from '@selfcare/domain/contracts/staff';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../lib/router.tsx';
import { fakeServer, ok, type Seen } from '../../test/fake-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { staffSession } from '../staff-api.ts';
import { StaffApp } from '../staff-app.tsx';

const AGENT: StaffSession = {
  token: 'token-agent',
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: 'agent@example.com', name: 'Priya Nair', role: 'agent' },
};

const COMPLETED: StaffQueuePage = {
  items: [
    {
      id: '5c2d9e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
      orderNumber: 'SC1042',
      createdAt: '2026-11-20T08:51:00.000Z',
      status: 'Completed',
      typeSim: 0,
      deliveryMethod: 0,
      totalCents: 3500,
      fullName: 'Arun Kumar',
      idNumber: 'G1234567X',
      phoneNumber: '91234567',
      lineCount: 1,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
};

afterEach(() => {
  vi.unstubAllGlobals();
  staffSession.clear();
});

describe('/staff order queue', () => {
  it('a search looks at every status, and the status filter says All', async () => {
    staffSession.start(AGENT);
    act(() => navigate('/staff', { replace: true }));
    const server = fakeServer((req: Seen) => {
      if (req.method !== 'GET' || !req.path.startsWith('/api/v1/staff/orders')) return { status: 404 };
      const query = new URLSearchParams(req.path.split('?')[1] ?? '');
      const everyStatus = query.get('status') === 'all';
      return ok(everyStatus ? COMPLETED : { ...COMPLETED, items: [], total: 0 });
    });
    renderPage(<StaffApp />);
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search', { exact: false }), {
      target: { value: 'arun@example.sg' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('link', { name: 'SC1042' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLInputElement).value).toBe('All');
    const searched = server.seen.filter((r) => r.path.includes('q='));
    expect(searched.map((r) => new URLSearchParams(r.path.split('?')[1]).get('status'))).toEqual(['all']);
  });
});
