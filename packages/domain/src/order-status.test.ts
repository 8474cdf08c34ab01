import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './enums.ts';
import {
  CUSTOMER_ORDER_STATUS,
  customerOrderStatus,
  ENDED_ORDER_STATUSES,
  OrderOutcomeMessages,
} from './order-status.ts';

describe('order statuses as customers read them', () => {
  it('gives every status of the spec a label, and none names the MVNE', () => {
    expect(Object.keys(CUSTOMER_ORDER_STATUS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) {
      expect(CUSTOMER_ORDER_STATUS[status]).not.toMatch(/MVNE/);
      expect(CUSTOMER_ORDER_STATUS[status].length).toBeGreaterThan(0);
    }
    expect(CUSTOMER_ORDER_STATUS['Payment success not in MVNE']).toBe('Paid, being prepared');
  });

  it('tells a declined payment, which can be paid again, from an order closed unpaid', () => {
    expect(CUSTOMER_ORDER_STATUS['Payment failed']).toBe('Payment failed');
    expect(CUSTOMER_ORDER_STATUS['Unsuccessful payment']).toBe('Not paid in time');
    expect(ENDED_ORDER_STATUSES).toContain('Unsuccessful payment');
    expect(ENDED_ORDER_STATUSES).not.toContain('Payment failed');
    expect(OrderOutcomeMessages.title('Unsuccessful payment', 'SC100123')).toBe(
      'Your order SC100123 was closed: it was not paid in time',
    );
  });

  it("never says an 'Us' line's order was paid: it is billed with the account", () => {
    for (const status of ORDER_STATUSES) {
      expect(customerOrderStatus(status, 'sub-line')).not.toMatch(/MVNE|Paid/);
      expect(customerOrderStatus(status, 'order')).toBe(CUSTOMER_ORDER_STATUS[status]);
    }
    expect(customerOrderStatus('Payment success created in MVNE', 'sub-line')).toBe('Being checked');
  });
});
