import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, SERVICE_STATUSES, TypeSim } from '../enums.ts';
import { LINE_STATES, LINE_STATUS_LABELS, mayActivateOnline } from './lines.ts';

describe('line statuses', () => {
  it("words each line state for customers, in SPEC.md's words where it has them", () => {
    expect(LINE_STATES.map((s) => LINE_STATUS_LABELS[s])).toEqual([
      'Activating',
      'Active',
      'Suspension',
      'Terminated',
    ]);
    expect(SERVICE_STATUSES).toContain(LINE_STATUS_LABELS.active);
    expect(SERVICE_STATUSES).toContain(LINE_STATUS_LABELS.suspended);
  });
});

describe('online activation', () => {
  it('is for a physical SIM on its way or delivered, and no other order', () => {
    const eligible = ORDER_STATUSES.filter((status) =>
      mayActivateOnline({ status, typeSim: TypeSim.Physical }),
    );
    expect(eligible).toEqual(['Delivery in progress', 'Delivery completed']);
    expect(ORDER_STATUSES.filter((status) => mayActivateOnline({ status, typeSim: TypeSim.ESim }))).toEqual(
      [],
    );
  });
});
