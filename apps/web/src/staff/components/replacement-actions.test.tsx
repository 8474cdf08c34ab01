import { MantineProvider } from '@mantine/core';
import type { StaffReplacement, StaffSession } from '@selfcare/domain/contracts/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server.ts';
import { staffSession } from '../staff-api.ts';
import { ReplacementActions } from './replacement-actions.tsx';

const agent: StaffSession = {
  token: 'token-agent',
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: 'agent@example.com', name: 'Priya Nair', role: 'agent' },
};
const SENT: StaffReplacement = {
  id: '3d5e7f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
  state: 'sent',
  typeSim: 0,
  lineId: '4e6f8091-2b3c-4d4e-9f50-6b7c8d9e0f1a',
  msisdn: '81234567',
  customer: { id: 'c-1', name: 'Mei Ling Tan', email: 'meiling@example.sg' },
  reportedAt: '2026-11-27T01:00:00.000Z',
  blockedAt: '2026-11-27T01:00:05.000Z',
  lostIccid: '8965019120667019005',
  newIccid: '8965019511545069107',
  deliveryAddress: '2 ORCHARD TURN, Singapore 238801',
  deliveryMethod: 0,
  deliveryDate: '2026-11-27',
  trackingCode: 'NV-81234567',
  sentAt: '2026-11-27T01:10:00.000Z',
  deliveredAt: null,
  activationRequestedAt: null,
  completedAt: null,
  failure: null,
  actions: ['mark-delivered', 'mark-delivery-failed'],
};
const DELIVERED: StaffReplacement = {
  ...SENT,
  state: 'delivered',
  deliveredAt: '2026-11-27T01:20:00.000Z',
  actions: ['activate'],
};

afterEach(() => {
  vi.unstubAllGlobals();
  staffSession.clear();
});

describe('a replacement’s actions', () => {
  it('keep the next action’s form open when the one before finishes after the refresh offered it', async () => {
    staffSession.start(agent);
    fakeServer(() => ok(DELIVERED, 'Delivery completed'));
    const client = new QueryClient();
    // The console's refresh, held until the test lets it finish.
    let refreshed = () => {};
    vi.spyOn(client, 'invalidateQueries').mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          refreshed = resolve;
        }),
    );
    const view = (r: StaffReplacement) => (
      <MantineProvider>
        <QueryClientProvider client={client}>
          <ReplacementActions r={r} />
        </QueryClientProvider>
      </MantineProvider>
    );
    const { rerender } = render(view(SENT));

    fireEvent.click(screen.getByRole('button', { name: 'Mark delivered' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm: Mark delivered' }));
    await vi.waitFor(() => expect(client.invalidateQueries).toHaveBeenCalled());
    // The refreshed replacement arrives and the agent opens its next action at once...
    rerender(view(DELIVERED));
    fireEvent.click(screen.getByRole('button', { name: 'Enter IMSI to activate' }));
    expect(screen.getByRole('textbox', { name: /^IMSI of the new SIM/ })).toBeTruthy();
    // ...before the delivery's form has said it is done: that closes the delivery's form, not this one.
    await act(async () => refreshed());
    expect(screen.getByRole('textbox', { name: /^IMSI of the new SIM/ })).toBeTruthy();
  });
});
