import { describe, expect, it } from 'vitest';
import { LineServiceMessages } from './line-services.ts';
import {
  initialReplacementState,
  LostSimMessages,
  lostSimRefusal,
  nextReplacementState,
  offeredReplacementActions,
  REPLACEMENT_STATES,
  ReplacementAction,
  type ReplacementState,
  replacementAddress,
  replacementFeeCents,
} from './lost-sim.ts';

const PHYSICAL = 0;
const ESIM = 1;

describe('a SIM replacement’s states', () => {
  it('takes a physical SIM from reported through delivery to a swap, and nothing out of turn', () => {
    let s: ReplacementState = initialReplacementState(PHYSICAL);
    expect(s).toBe('reported');
    expect(nextReplacementState(s, ReplacementAction.Activate, PHYSICAL)).toBeNull();
    expect(nextReplacementState(s, ReplacementAction.MarkDelivered, PHYSICAL)).toBeNull();
    s = nextReplacementState(s, ReplacementAction.CreateDelivery, PHYSICAL) as ReplacementState;
    expect(s).toBe('sent');
    // Sent twice is refused: one SIM on its way at a time.
    expect(nextReplacementState(s, ReplacementAction.CreateDelivery, PHYSICAL)).toBeNull();
    // The parcel came back: another one is sent.
    expect(nextReplacementState(s, ReplacementAction.MarkDeliveryFailed, PHYSICAL)).toBe('reported');
    s = nextReplacementState(s, ReplacementAction.MarkDelivered, PHYSICAL) as ReplacementState;
    expect(s).toBe('delivered');
    expect(nextReplacementState(s, ReplacementAction.MarkDeliveryFailed, PHYSICAL)).toBeNull();
    s = nextReplacementState(s, ReplacementAction.Activate, PHYSICAL) as ReplacementState;
    expect(s).toBe('activating');
    expect(nextReplacementState(s, ReplacementAction.Activate, PHYSICAL)).toBeNull();
    expect(nextReplacementState(s, ReplacementAction.SwapRefused, PHYSICAL)).toBe('delivered');
    expect(nextReplacementState(s, ReplacementAction.Swapped, PHYSICAL)).toBe('completed');
    // A SIM in hand is activated before the parcel was marked delivered.
    expect(nextReplacementState('sent', ReplacementAction.Activate, PHYSICAL)).toBe('activating');
  });

  it('has an eSIM go straight to activating, with no delivery for staff to work', () => {
    expect(initialReplacementState(ESIM)).toBe('activating');
    for (const state of REPLACEMENT_STATES) expect(offeredReplacementActions(state, ESIM)).toEqual([]);
    expect(nextReplacementState('activating', ReplacementAction.Swapped, ESIM)).toBe('completed');
    expect(nextReplacementState('activating', ReplacementAction.SwapRefused, ESIM)).toBeNull();
  });

  it('offers staff only what the state allows, and ends nothing finished', () => {
    expect(offeredReplacementActions('reported', PHYSICAL)).toEqual(['create-delivery']);
    expect(offeredReplacementActions('sent', PHYSICAL)).toEqual([
      'mark-delivered',
      'mark-delivery-failed',
      'activate',
    ]);
    expect(offeredReplacementActions('delivered', PHYSICAL)).toEqual(['activate']);
    for (const done of ['activating', 'completed', 'cancelled'] as const)
      expect(offeredReplacementActions(done, PHYSICAL)).toEqual([]);
    for (const open of ['reported', 'sent', 'delivered', 'activating'] as const)
      expect(nextReplacementState(open, ReplacementAction.Cancel, PHYSICAL)).toBe('cancelled');
    for (const done of ['completed', 'cancelled'] as const)
      for (const action of Object.values(ReplacementAction))
        expect(nextReplacementState(done, action, PHYSICAL)).toBeNull();
  });
});

describe('reporting a SIM lost', () => {
  const line = {
    state: 'active',
    replacementOpen: false,
    numberChangePending: false,
    terminationOn: null,
  } as const;

  it('is open to an active line with nothing else under way', () => {
    expect(lostSimRefusal(line)).toBeNull();
  });

  it('is refused, saying why, for a line suspended, ending, changing number or already replacing its SIM', () => {
    expect(lostSimRefusal({ ...line, state: 'suspended' })).toBe(LineServiceMessages.suspendedLine);
    expect(lostSimRefusal({ ...line, terminationOn: '2026-07-01' })).toBe(
      'This line is set to end on 1 July 2026. Cancel the termination first to replace its SIM.',
    );
    expect(lostSimRefusal({ ...line, numberChangePending: true })).toBe(LostSimMessages.numberChangePending);
    // The replacement under way is what the customer needs to hear first.
    expect(lostSimRefusal({ ...line, replacementOpen: true, state: 'suspended' })).toBe(
      LostSimMessages.alreadyOpen,
    );
  });

  it('costs the SIM replacement fee for a physical SIM, nothing for a new eSIM profile', () => {
    expect(replacementFeeCents(PHYSICAL, { simReplacementCents: 550 })).toBe(550);
    expect(replacementFeeCents(ESIM, { simReplacementCents: 550 })).toBe(0);
  });
});

describe('where a replacement goes', () => {
  it('is the order’s address on one line, or nothing when the order holds none', () => {
    expect(
      replacementAddress({
        postalCode: '238801',
        blockNumber: '2',
        roadName: 'Orchard Turn',
        building: 'ION Orchard',
        unitNumber: '#04-12',
      }),
    ).toBe('2 Orchard Turn, #04-12 ION Orchard, Singapore 238801');
    expect(replacementAddress({})).toBeNull();
    expect(replacementAddress(null)).toBeNull();
  });
});
