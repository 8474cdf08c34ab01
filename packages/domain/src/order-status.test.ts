import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './enums.ts';
import { CUSTOMER_ORDER_STATUS, ENDED_ORDER_STATUSES, OrderOutcomeMessages } from './order-status.ts';
import { formatSgDateTime, formatSgDay } from './sg-date.ts';

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
});

describe('Singapore dates', () => {
  it('writes a calendar day with its weekday, as in Singapore', () => {
    expect(formatSgDay('2026-11-25')).toBe('Wed, 25 Nov 2026');
    expect(formatSgDay('2027-01-01')).toBe('Fri, 1 Jan 2027');
  });

  it('states a moment in Singapore time, whatever zone the server is in', () => {
    expect(formatSgDateTime(new Date('2026-03-05T08:51:00Z'))).toBe('5 Mar 2026, 4:51 pm (Singapore time)');
    expect(formatSgDateTime(new Date('2026-03-05T16:30:00Z'))).toBe('6 Mar 2026, 12:30 am (Singapore time)');
  });

  it('leaves anything that is not a day as it is', () => {
    expect(formatSgDay('25/11/2026')).toBe('25/11/2026');
    expect(formatSgDay('2026-13-45')).toBe('2026-13-45');
  });
});
