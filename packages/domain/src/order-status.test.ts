import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './enums.ts';
import { CUSTOMER_ORDER_STATUS, customerOrderStatus } from './order-status.ts';

describe('order statuses as customers read them', () => {
  it('gives every status of the spec a label, and none names the MVNE', () => {
    expect(Object.keys(CUSTOMER_ORDER_STATUS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) {
      expect(CUSTOMER_ORDER_STATUS[status]).not.toMatch(/MVNE/);
      expect(CUSTOMER_ORDER_STATUS[status].length).toBeGreaterThan(0);
    }
    expect(CUSTOMER_ORDER_STATUS['Payment success not in MVNE']).toBe('Paid, being prepared');
  });

  it("never says an 'Us' line's order was paid: it is billed with the account", () => {
    for (const status of ORDER_STATUSES) {
      expect(customerOrderStatus(status, 'sub-line')).not.toMatch(/MVNE|Paid/);
      expect(customerOrderStatus(status, 'order')).toBe(CUSTOMER_ORDER_STATUS[status]);
    }
    expect(customerOrderStatus('Payment success created in MVNE', 'sub-line')).toBe('Being checked');
  });
});
