import { MantineProvider } from '@mantine/core';
import type { StaffSession } from '@selfcare/domain/contracts/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server.ts';
import { staffSession } from '../staff-api.ts';
import { OrderActions } from './order-actions.tsx';

const admin: StaffSession = {
  token: 'token-admin',
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: 'admin@example.com', name: 'Priya Nair', role: 'admin' },
};
const ORDER_ID = '5c2d9e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const LINE = { id: '4e6f8091-2b3c-4d4e-9f50-6b7c8d9e0f1a', label: 'Line 1', msisdn: '81234567' };

afterEach(() => {
  vi.unstubAllGlobals();
  staffSession.clear();
});

/** Opens the action's form, fills in its fields and confirms; gives what the server was sent. */
async function send(action: string, label: string, fields: Record<string, string> = {}) {
  staffSession.start(admin);
  const server = fakeServer(() => ok({ status: 'Verified' }, 'Done'));
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <OrderActions
          orderId={ORDER_ID}
          actions={[action]}
          lines={[LINE]}
          chosen={{ deliveryMethod: 0, deliveryDate: null }}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: label }));
  for (const [name, value] of Object.entries(fields))
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${name}`) }), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: `Confirm: ${label}` }));
  await vi.waitFor(() => expect(server.seen).toHaveLength(1));
  const [req] = server.seen;
  return { method: req?.method, path: req?.path, body: JSON.parse(req?.body ?? 'null') };
}

describe('an order’s actions', () => {
  it.each([
    ['reject', 'Reject order', 'reject'],
    ['request-documents', 'Request documents', 'request-documents'],
    ['mark-delivery-failed', 'Mark delivery failed', 'delivery-failed'],
    ['cancel', 'Cancel order', 'cancel'],
  ])('send %s’s reason to its path', async (action, label, path) => {
    expect(await send(action, label, { Reason: ' No answer ' })).toEqual({
      method: 'POST',
      path: `/api/v1/staff/orders/${ORDER_ID}/${path}`,
      body: { reason: 'No answer' },
    });
  });

  it('send verify’s note', async () => {
    expect(await send('verify', 'Verify', { Note: 'ID checked' })).toEqual({
      method: 'POST',
      path: `/api/v1/staff/orders/${ORDER_ID}/verify`,
      body: { note: 'ID checked' },
    });
  });

  it('send mark-delivered with an empty body, as its contract takes none', async () => {
    expect(await send('mark-delivered', 'Mark delivered')).toEqual({
      method: 'POST',
      path: `/api/v1/staff/orders/${ORDER_ID}/delivered`,
      body: {},
    });
  });

  it('send each line’s IMSI to activate', async () => {
    const imsi = '525010000000001';
    expect(await send('activate', 'Enter IMSI to activate', { IMSI: imsi })).toEqual({
      method: 'POST',
      path: `/api/v1/staff/orders/${ORDER_ID}/activate`,
      body: { lines: [{ lineId: LINE.id, imsi }] },
    });
  });

  it('send the delivery order with each line’s SIM', async () => {
    const iccid = '8965019511545069107';
    const sent = await send('create-delivery', 'Create delivery order', {
      'Tracking code': 'NV-81234567',
      ICCID: iccid,
    });
    expect(sent.path).toBe(`/api/v1/staff/orders/${ORDER_ID}/deliveries`);
    expect(sent.body).toMatchObject({ trackingCode: 'NV-81234567', sims: [{ lineId: LINE.id, iccid }] });
  });
});
