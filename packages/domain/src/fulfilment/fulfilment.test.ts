import { describe, expect, it } from 'vitest';
import { portingWindow } from '../calendar.ts';
import { ORDER_STATUSES, type OrderStatus, PORTING_STATUSES, TypeSim } from '../enums.ts';
import {
  activateByImsiSchema,
  createDeliverySchema,
  deliveryOrderDefaults,
  replacementActivationSchema,
  staffLoginSchema,
} from '../schemas/staff.ts';
import {
  availableActions,
  awaitingMvne,
  isStaffOrderAction,
  kindTakes,
  lineCounts,
  movesCustomerStatus,
  NOT_GOING_AHEAD_STATUSES,
  nextOrderStatus,
  OrderAction,
  offeredActions,
  roleFor,
  STAFF_OPEN_STATUSES,
  StaffPermission,
  staffMay,
  UNPAID_STATUSES,
  verifiedWithoutReview,
} from './order-flow.ts';
import { nextPortStatus, PortAction, portOutcome, portWithNetwork } from './porting.ts';
import { maskIccid, normalizeIccid, normalizeImsi, parseSimCsv, withLuhnDigit } from './sim.ts';

const P = TypeSim.Physical;
const E = TypeSim.ESim;

describe('order state machine', () => {
  // Every (status, action, SIM type) the machine allows; everything else must be refused.
  const allowed: [OrderStatus, OrderAction, TypeSim, OrderStatus][] = [];
  const review: OrderStatus[] = ['Payment success created in MVNE', 'Not verified'];
  const open: OrderStatus[] = [
    'Payment success not in MVNE',
    ...review,
    'Verified',
    'Delivery in progress',
    'Delivery completed',
    'Delivery failed',
  ];
  for (const sim of [P, E]) {
    for (const s of review) {
      allowed.push([s, 'verify', sim, 'Verified']);
      allowed.push([s, 'request-documents', sim, 'Not verified']);
    }
    for (const s of [
      'Payment success not in MVNE',
      ...review,
      'Verified',
      'Delivery failed',
    ] as OrderStatus[])
      allowed.push([s, 'reject', sim, 'Rejected']);
    for (const s of open) allowed.push([s, 'cancel', sim, 'Cancelled']);
  }
  allowed.push(['Verified', 'create-delivery', P, 'Delivery in progress']);
  allowed.push(['Delivery failed', 'create-delivery', P, 'Delivery in progress']);
  allowed.push(['Delivery in progress', 'mark-delivered', P, 'Delivery completed']);
  allowed.push(['Delivery in progress', 'mark-delivery-failed', P, 'Delivery failed']);
  allowed.push(['Delivery completed', 'activate', P, 'Delivery completed']);
  allowed.push(['Delivery completed', 'activation-completed', P, 'Completed']);
  allowed.push(['Verified', 'activation-completed', E, 'Completed']);
  // Checkout and payment, and the MVNE taking the order in.
  for (const sim of [P, E]) {
    for (const s of ['Unpaid', 'Payment failed'] as OrderStatus[]) {
      allowed.push([s, 'checkout-started', sim, 'Unpaid']);
      allowed.push([s, 'payment-succeeded', sim, 'Payment success not in MVNE']);
      allowed.push([s, 'roadshow-card-saved', sim, 'Not verified']);
    }
    allowed.push(['Unpaid', 'payment-failed', sim, 'Payment failed']);
    allowed.push(['Unpaid', 'payment-window-passed', sim, 'Unsuccessful payment']);
    allowed.push(['Payment failed', 'payment-window-passed', sim, 'Unsuccessful payment']);
    allowed.push(['Payment success not in MVNE', 'handed-to-mvne', sim, 'Payment success created in MVNE']);
  }

  it.each(allowed)('%s --%s (sim %i)--> %s', (from, action, sim, to) => {
    expect(nextOrderStatus(from, action, sim)).toBe(to);
  });

  it('refuses every other transition', () => {
    let refused = 0;
    for (const status of ORDER_STATUSES)
      for (const action of Object.values(OrderAction))
        for (const sim of [P, E]) {
          if (allowed.some(([f, a, s]) => f === status && a === action && s === sim)) continue;
          expect(nextOrderStatus(status, action, sim), `${status} ${action} ${sim}`).toBeNull();
          refused++;
        }
    expect(refused).toBe(ORDER_STATUSES.length * Object.values(OrderAction).length * 2 - allowed.length);
  });

  it('keeps unpaid orders, which the customer may still pay, apart from those open to staff', () => {
    expect(UNPAID_STATUSES).toEqual(['Unpaid', 'Payment failed']);
    expect(STAFF_OPEN_STATUSES.filter((s) => UNPAID_STATUSES.includes(s))).toEqual([]);
  });

  it('pays again after a declined card, and closes an order left unpaid for good', () => {
    for (const sim of [P, E]) {
      // A declined attempt leaves the order open: the next checkout and payment place it.
      const failed = nextOrderStatus('Unpaid', OrderAction.PaymentFailed, sim);
      expect(failed).toBe('Payment failed');
      const again = nextOrderStatus(failed, OrderAction.CheckoutStarted, sim);
      expect(again).toBe('Unpaid');
      expect(nextOrderStatus(again, OrderAction.PaymentSucceeded, sim)).toBe('Payment success not in MVNE');
      // Past its window it is 'Unsuccessful payment', which nothing starts, pays or fails again.
      const closed = nextOrderStatus(failed, OrderAction.PaymentWindowPassed, sim);
      expect(closed).toBe('Unsuccessful payment');
      for (const action of Object.values(OrderAction))
        expect(nextOrderStatus(closed, action, sim), action).toBeNull();
    }
    expect(UNPAID_STATUSES).not.toContain('Unsuccessful payment');
    expect(STAFF_OPEN_STATUSES).not.toContain('Unsuccessful payment');
    expect(NOT_GOING_AHEAD_STATUSES).toContain('Unsuccessful payment');
    expect(lineCounts('Unsuccessful payment', null)).toBe(false);
    expect(awaitingMvne('Unsuccessful payment', [])).toBe(false);
  });

  it('makes an order only by a checkout', () => {
    for (const action of Object.values(OrderAction))
      for (const sim of [P, E])
        expect(nextOrderStatus(null, action, sim)).toBe(action === 'checkout-started' ? 'Unpaid' : null);
  });

  it('offers staff none of the actions the system takes', () => {
    const offered = new Set(ORDER_STATUSES.flatMap((s) => [P, E].flatMap((sim) => availableActions(s, sim))));
    expect([...offered].sort()).toEqual([
      'activate',
      'cancel',
      'create-delivery',
      'mark-delivered',
      'mark-delivery-failed',
      'reject',
      'request-documents',
      'verify',
    ]);
    expect(Object.values(OrderAction).filter((a) => !isStaffOrderAction(a))).toEqual([
      'activation-completed',
      'checkout-started',
      'payment-succeeded',
      'roadshow-card-saved',
      'payment-failed',
      'payment-window-passed',
      'handed-to-mvne',
    ]);
  });

  it('offers the actions an order can take now', () => {
    expect(availableActions('Payment success created in MVNE', P)).toEqual([
      'verify',
      'reject',
      'request-documents',
      'cancel',
    ]);
    expect(availableActions('Verified', P)).toEqual(['reject', 'create-delivery', 'cancel']);
    expect(availableActions('Verified', E)).toEqual(['reject', 'cancel']);
    expect(availableActions('Completed', P)).toEqual([]);
  });
});

describe('what the console offers and when it looks again', () => {
  it('stops offering Enter IMSI once every line is being activated', () => {
    expect(offeredActions('Delivery completed', P, 'order', [null])).toContain('activate');
    expect(offeredActions('Delivery completed', P, 'order', ['activating', null])).toContain('activate');
    expect(offeredActions('Delivery completed', P, 'order', ['activating'])).toEqual(['cancel']);
    expect(offeredActions('Delivery completed', P, 'order', [])).toContain('activate');
  });

  it("never offers Request documents on an added 'Us' line's order, whose holder keeps their status", () => {
    const review = 'Payment success created in MVNE' as const;
    expect(offeredActions(review, P, 'order', [null])).toContain('request-documents');
    expect(offeredActions(review, P, 'sub-line', [null])).not.toContain('request-documents');
    expect(offeredActions(review, P, 'sub-line', [null])).toEqual(
      offeredActions(review, P, 'order', [null]).filter((a) => a !== 'request-documents'),
    );
    expect(kindTakes('sub-line', OrderAction.RequestDocuments)).toBe(false);
    expect(kindTakes('sub-line', OrderAction.Verify)).toBe(true);
    expect([movesCustomerStatus('order'), movesCustomerStatus('sub-line')]).toEqual([true, false]);
  });

  it('waits on the MVNE while the hand-over or an activation is under way, not on a final order', () => {
    expect(awaitingMvne('Payment success not in MVNE', [null])).toBe(true);
    expect(awaitingMvne('Delivery completed', ['activating'])).toBe(true);
    expect(awaitingMvne('Verified', ['active', 'activating'])).toBe(true);
    expect(awaitingMvne('Delivery completed', [null])).toBe(false);
    expect(awaitingMvne('Payment success created in MVNE', [null])).toBe(false);
    expect(awaitingMvne('Completed', ['active'])).toBe(false);
    expect(awaitingMvne('Cancelled', ['activating'])).toBe(false);
  });
});

describe('verification without staff review', () => {
  const verified = ['idNumber', 'fullName', 'dateOfBirth'];
  it('is for an eSIM order whose identity MyInfo verified, and nothing else', () => {
    expect(verifiedWithoutReview({ typeSim: TypeSim.ESim, myinfoVerified: verified })).toBe(true);
    expect(verifiedWithoutReview({ typeSim: TypeSim.Physical, myinfoVerified: verified })).toBe(false);
    expect(verifiedWithoutReview({ typeSim: TypeSim.ESim, myinfoVerified: ['idNumber'] })).toBe(false);
    expect(verifiedWithoutReview({ typeSim: TypeSim.ESim, myinfoVerified: [] })).toBe(false);
    expect(verifiedWithoutReview({ typeSim: TypeSim.ESim, myinfoVerified: undefined })).toBe(false);
  });
});

describe('staff roles', () => {
  it('lets an agent work the queue but not move money or stock', () => {
    expect(staffMay('agent', OrderAction.Verify)).toBe(true);
    expect(staffMay('agent', OrderAction.CreateDelivery)).toBe(true);
    expect(staffMay('agent', OrderAction.Reject)).toBe(false);
    expect(staffMay('agent', OrderAction.Cancel)).toBe(false);
    expect(staffMay('agent', StaffPermission.ManageInventory)).toBe(false);
  });
  it('gives each role what the roles below it have', () => {
    expect(staffMay('supervisor', OrderAction.Verify)).toBe(true);
    expect(staffMay('supervisor', OrderAction.Reject)).toBe(true);
    expect(staffMay('supervisor', StaffPermission.ManageInventory)).toBe(false);
    expect(staffMay('admin', OrderAction.Reject)).toBe(true);
    expect(staffMay('admin', StaffPermission.ManageInventory)).toBe(true);
    expect(roleFor(OrderAction.Cancel)).toBe('supervisor');
  });
});

describe('port-in state machine', () => {
  const allowed: [string, PortAction, string][] = [
    ['pending', 'edit', 'pending'],
    ['unsuccess', 'edit', 'pending'],
    ['pending', 'submit', 'submitted'],
    ['pending', 'cancel', 'canceled'],
    ['submitted', 'cancel', 'canceled'],
    ['unsuccess', 'cancel', 'canceled'],
    ['submitted', 'start', 'in progress'],
    ['in progress', 'accept', 'success'],
    ['in progress', 'refuse', 'unsuccess'],
    ['in progress', 'fail', 'failed'],
    ['failed', 'reinitiate', 'submitted'],
  ];
  it.each(allowed)('%s --%s--> %s', (from, action, to) => {
    expect(nextPortStatus(from as never, action)).toBe(to);
  });
  it('refuses every other transition', () => {
    for (const status of PORTING_STATUSES)
      for (const action of Object.values(PortAction))
        if (!allowed.some(([f, a]) => f === status && a === action))
          expect(nextPortStatus(status, action), `${status} ${action}`).toBeNull();
  });

  it("reads the donor's answer: accepted, refused for a reason to put right, or a number that cannot come over", () => {
    expect(portOutcome(true, null)).toBe('accept');
    expect(portOutcome(false, 'id-mismatch')).toBe('refuse');
    expect(portOutcome(false, 'outstanding-bill')).toBe('refuse');
    expect(portOutcome(false, 'not-active')).toBe('fail');
    expect(portOutcome(false, null)).toBe('fail');
  });

  it('is with the network from its submission until the donor answers', () => {
    expect(PORTING_STATUSES.filter(portWithNetwork)).toEqual(['submitted', 'in progress']);
    // Exactly the statuses the porting run and the donor's answer move on by themselves.
    for (const status of PORTING_STATUSES)
      expect(portWithNetwork(status), status).toBe(
        nextPortStatus(status, PortAction.Start) !== null ||
          nextPortStatus(status, PortAction.Accept) !== null,
      );
  });
});

describe('porting window', () => {
  const sg = (local: string) => new Date(`${local}+08:00`);
  const window = (local: string) => {
    const w = portingWindow(sg(local));
    return [w.start.toISOString(), w.end.toISOString()];
  };
  it('takes a working-day request before 17:00 that night, 23:00 to 04:00', () => {
    // Tuesday 24 November 2026
    expect(window('2026-11-24T16:59:59')).toEqual([
      sg('2026-11-24T23:00:00').toISOString(),
      sg('2026-11-25T04:00:00').toISOString(),
    ]);
  });
  it('moves a request at or after 17:00 to the next working day', () => {
    expect(window('2026-11-24T17:00:00')[0]).toBe(sg('2026-11-25T23:00:00').toISOString());
  });
  it('skips weekends', () => {
    // Friday after the cut-off, Saturday and Sunday all go to Monday night.
    expect(window('2026-11-27T18:00:00')[0]).toBe(sg('2026-11-30T23:00:00').toISOString());
    expect(window('2026-11-28T10:00:00')[0]).toBe(sg('2026-11-30T23:00:00').toISOString());
    expect(window('2026-11-29T10:00:00')[0]).toBe(sg('2026-11-30T23:00:00').toISOString());
  });
  it('skips Singapore public holidays', () => {
    // Christmas Day 2026 is a Friday; Thursday after the cut-off goes to Monday 28th.
    expect(window('2026-12-24T17:30:00')[0]).toBe(sg('2026-12-28T23:00:00').toISOString());
    expect(window('2026-12-25T09:00:00')[0]).toBe(sg('2026-12-28T23:00:00').toISOString());
    // New Year's Day 2027 (Friday).
    expect(window('2027-01-01T09:00:00')[0]).toBe(sg('2027-01-04T23:00:00').toISOString());
  });
});

describe('SIM numbers', () => {
  const iccid = withLuhnDigit('896501260000000001');
  it('accepts a Luhn-valid ICCID starting 89 with spaces, and refuses a wrong check digit', () => {
    expect(iccid).toHaveLength(19);
    expect(normalizeIccid(iccid.replace(/(\d{4})/g, '$1 '))).toBe(iccid);
    const wrong = `${iccid.slice(0, -1)}${(Number(iccid.slice(-1)) + 1) % 10}`;
    expect(normalizeIccid(wrong)).toBeNull();
    expect(normalizeIccid('123')).toBeNull();
    expect(maskIccid(iccid)).toBe(`•••• ${iccid.slice(-4)}`);
  });
  it('accepts a Singapore IMSI only', () => {
    expect(normalizeImsi('525011234567890')).toBe('525011234567890');
    expect(normalizeImsi('310011234567890')).toBeNull();
    expect(normalizeImsi('52501123456789')).toBeNull();
  });
  it('reads a stock file, reporting each bad line and why', () => {
    const second = withLuhnDigit('896501260000000002');
    const csv = [
      'ICCID,IMSI,PIN,PUK',
      `${iccid},525010000000001,1234,12345678`,
      '',
      `${second},525010000000002,12,12345678`,
      `8965012600000000099,525010000000003,1234,12345678`,
      `${iccid},525010000000004,1234,12345678`,
      `${second},999,1234,12345678`,
      `${second},525010000000002,1234,1234567`,
    ].join('\r\n');
    const report = parseSimCsv(csv);
    expect(report.rows).toEqual([{ iccid, imsi: '525010000000001', pin: '1234', puk: '12345678' }]);
    expect(report.errors).toEqual([
      { line: 4, message: 'PIN must be 4 to 8 digits' },
      { line: 5, message: 'ICCID is invalid' },
      { line: 6, message: 'ICCID or IMSI repeats an earlier line' },
      { line: 7, message: 'IMSI is invalid' },
      { line: 8, message: 'PUK must be 8 digits' },
    ]);
  });
  it('refuses a file without the four columns', () => {
    expect(parseSimCsv('iccid,imsi\n1,2').errors).toEqual([
      { line: 1, message: 'The header must name pin, puk' },
    ]);
  });
});

describe('deliveryOrderDefaults', () => {
  it("starts from the customer's method and day, and from today once that day has passed", () => {
    expect(deliveryOrderDefaults({ deliveryMethod: 1, deliveryDate: '2026-11-27' }, '2026-11-25')).toEqual({
      method: 1,
      date: '2026-11-27',
    });
    expect(deliveryOrderDefaults({ deliveryMethod: 4, deliveryDate: '2026-11-20' }, '2026-11-25')).toEqual({
      method: 4,
      date: '2026-11-25',
    });
    // eSIM ID verification is nothing staff can send: home delivery instead.
    expect(deliveryOrderDefaults({ deliveryMethod: 2, deliveryDate: null }, '2026-11-25')).toEqual({
      method: 0,
      date: '2026-11-25',
    });
  });
});

describe('staff schemas', () => {
  it('needs a 6-digit authenticator code', () => {
    const r = staffLoginSchema.safeParse({ email: 'a@b.sg', password: 'x', code: '12345' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Authenticator code must be 6 digits');
  });
  it('checks the ICCID and IMSI typed in', () => {
    const lineId = '00000000-0000-4000-8000-000000000001';
    const bad = createDeliverySchema.safeParse({
      deliveryMethod: 0,
      deliveryDate: '2026-11-25',
      trackingCode: 'TRK-1234',
      sims: [{ lineId, iccid: '8965' }],
    });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['ICCID is invalid']);
    // Left empty, it is asked for.
    const empty = replacementActivationSchema.safeParse({ imsi: '  ' });
    expect(empty.error?.issues.map((i) => i.message)).toEqual(['IMSI is required']);
    const tracking = createDeliverySchema.safeParse({
      deliveryMethod: 0,
      deliveryDate: '2026-11-25',
      trackingCode: 'NV 123',
      sims: [{ lineId, iccid: withLuhnDigit('896501261122000001') }],
    });
    expect(tracking.error?.issues.map((i) => i.message)).toEqual([
      'Tracking code must be 4 to 40 letters, digits or hyphens, e.g. NV-SG-12345678',
    ]);
    expect(
      createDeliverySchema.safeParse({
        deliveryMethod: 2,
        deliveryDate: '2026-11-25',
        trackingCode: 'TRK-1234',
        sims: [{ lineId, iccid: withLuhnDigit('896501260000000001') }],
      }).success,
    ).toBe(false);
    expect(activateByImsiSchema.parse({ lines: [{ lineId, imsi: '525 011234567890' }] }).lines[0]?.imsi).toBe(
      '525011234567890',
    );
  });
});
