import type { StaffSession } from '@selfcare/domain/contracts/staff';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../lib/router.tsx';
import { fakeServer, ok, type Seen } from '../test/fake-server.ts';
import { renderPage } from '../test/render-page.tsx';
import { staffSession } from './staff-api.ts';
import { StaffApp } from './staff-app.tsx';

const AGENT: StaffSession = {
  token: 'token-agent',
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: 'agent@example.com', name: 'Priya Nair', role: 'agent' },
};
const ORDER = '5c2d9e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const EMPTY = { items: [], total: 0, page: 1, pageSize: 25 };

/** The console opened at `path`, its API answering every list with nothing in it. */
function open(path: string) {
  act(() => navigate(path, { replace: true }));
  const server = fakeServer((req: Seen) => (req.method === 'GET' ? ok(EMPTY) : { status: 404 }));
  renderPage(<StaffApp />);
  return server;
}

// Signed out at the start, whatever another file's tests left signed in.
beforeEach(() => staffSession.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  staffSession.clear();
});

describe('the staff console on the route table', () => {
  it('sends a console page to sign-in when no staff member is signed in', async () => {
    open(`/staff/orders/${ORDER}`);
    await waitFor(() => expect(window.location.pathname).toBe('/staff/login'));
    await waitFor(() => expect(document.title).toBe('Staff sign-in · Staff console'));
  });

  it('opens the queue for a path under /staff it does not know, and for sign-in once signed in', async () => {
    staffSession.start(AGENT);
    open('/staff/nowhere');
    await waitFor(() => expect(window.location.pathname).toBe('/staff'));
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
    act(() => navigate('/staff/login'));
    await waitFor(() => expect(window.location.pathname).toBe('/staff'));
    expect(document.title).toBe('Order queue · Staff console');
  });

  it('opens each page at its URL, with its title and its menu entry marked as the current page', async () => {
    staffSession.start(AGENT);
    open('/staff/stock');
    await waitFor(() => expect(document.title).toBe('SIM stock · Staff console'));
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('SIM stock');
    act(() => navigate('/staff/payments'));
    await waitFor(() => expect(document.title).toBe('Unmatched payments · Staff console'));
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Unmatched payments');
  });
});
