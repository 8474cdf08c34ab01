import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, TypeSim } from '../enums.ts';
import { availableActions, staffMay } from './order-flow.ts';
import { STAFF_ACTIONS, staffActionInfo } from './staff-actions.ts';

describe('the staff actions table', () => {
  it('names every action staff are offered, with its label, path, reason and role', () => {
    const rows = Object.values(STAFF_ACTIONS).map((a) => [a.action, a.label, a.path, a.needsReason, a.role]);
    expect(rows).toEqual([
      ['verify', 'Verify', 'verify', false, 'agent'],
      ['reject', 'Reject order', 'reject', true, 'supervisor'],
      ['request-documents', 'Request documents', 'request-documents', true, 'agent'],
      ['create-delivery', 'Create delivery order', 'deliveries', false, 'agent'],
      ['mark-delivered', 'Mark delivered', 'delivered', false, 'agent'],
      ['mark-delivery-failed', 'Mark delivery failed', 'delivery-failed', true, 'agent'],
      ['activate', 'Enter IMSI to activate', 'activate', false, 'agent'],
      ['cancel', 'Cancel order', 'cancel', true, 'supervisor'],
    ]);
    for (const status of ORDER_STATUSES)
      for (const sim of [TypeSim.Physical, TypeSim.ESim])
        for (const a of availableActions(status, sim)) expect(STAFF_ACTIONS[a].action).toBe(a);
  });

  it('shows in red only the actions that turn the order away and refund it', () => {
    expect(
      Object.values(STAFF_ACTIONS)
        .filter((a) => a.endsOrder)
        .map((a) => a.action),
    ).toEqual(['reject', 'cancel']);
  });

  it('gives each action the least trusted role that may take it', () => {
    for (const a of Object.values(STAFF_ACTIONS)) {
      expect(staffMay(a.role, a.action)).toBe(true);
      if (a.role !== 'agent') expect(staffMay('agent', a.action)).toBe(false);
    }
  });

  it('knows only the staff actions by name', () => {
    expect(staffActionInfo('cancel')?.label).toBe('Cancel order');
    expect(staffActionInfo('payment-succeeded')).toBeUndefined();
    expect(staffActionInfo('toString')).toBeUndefined();
  });
});
