import { describe, expect, it } from 'vitest';
import { ORDER_EVENT_LABELS, orderEventLabel } from './order-events.ts';
import { OrderAction } from './order-flow.ts';
import { staffOrderEventLabel } from './staff-order-events.ts';

/** A raw step name as the code keeps it: lower case words joined by hyphens. */
const RAW = /^[a-z]+(-[a-z]+)+$|^[a-z]+$/;

describe('the words for an order’s recorded steps', () => {
  it('gives every step the timeline records and every order action words of its own, never its name', () => {
    const types = [...Object.keys(ORDER_EVENT_LABELS), ...Object.values(OrderAction)];
    for (const type of types) {
      const label = orderEventLabel(type);
      expect(label, type).not.toBe(type);
      expect(label, type).not.toMatch(RAW);
      expect(label.length, type).toBeGreaterThan(3);
    }
  });

  it("names the step an added 'Us' line records", () => {
    expect(orderEventLabel('sub-line-added')).toBe("'Us' line added to your account");
  });

  it("speaks to staff as staff: no 'your' and no 'our team' in the console's timeline and audit log", () => {
    const types = [...Object.keys(ORDER_EVENT_LABELS), ...Object.values(OrderAction)];
    for (const type of types) {
      const label = staffOrderEventLabel(type);
      expect(label, type).not.toMatch(/\byour\b|\bour team\b|\bwe will\b/i);
      expect(label, type).not.toMatch(RAW);
    }
    expect(staffOrderEventLabel('sub-line-added')).toBe("'Us' line added to the customer's account");
    // The customer's words are unchanged, and a step without staff words reads the same to both.
    expect(orderEventLabel('sub-line-added')).toBe("'Us' line added to your account");
    expect(staffOrderEventLabel('paid')).toBe('Payment received');
  });

  it('reads an unknown step as a sentence rather than its raw name', () => {
    expect(orderEventLabel('something-new')).toBe('Something new');
  });
});
