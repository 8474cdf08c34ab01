/**
 * Fulfilment, imported as `@selfcare/domain/fulfilment`: the order and porting state machines, staff
 * roles, SIM stock rules and the staff console's schemas. Kept out of the package index so that the
 * customer pages do not carry them.
 */
export * from './fulfilment/lines.ts';
export * from './fulfilment/messages.ts';
export * from './fulfilment/order-events.ts';
export * from './fulfilment/order-flow.ts';
export * from './fulfilment/porting.ts';
export * from './fulfilment/progress.ts';
export * from './fulfilment/sim.ts';
export * from './fulfilment/staff-actions.ts';
export * from './fulfilment/staff-order-events.ts';
export * from './schemas/activation.ts';
export * from './schemas/staff.ts';
