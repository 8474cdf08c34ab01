import { type OrderStatus, TypeSim } from '../enums.ts';

/** A line's service as we keep it: being activated by the MVNE, in service, suspended, or ended. */
export const LINE_STATES = ['activating', 'active', 'suspended', 'terminated'] as const;
export type LineState = (typeof LINE_STATES)[number];

/**
 * What a customer reads for each line state: SPEC.md's service statuses ('Active', 'Suspension'),
 * and ones for a line still being activated or ended.
 */
export const LINE_STATUS_LABELS: Readonly<Record<LineState, string>> = {
  activating: 'Activating',
  active: 'Active',
  suspended: 'Suspension',
  terminated: 'Terminated',
};

/** Orders whose customer may activate the SIM online (/activeSimOnline): the SIM is on its way or delivered. */
export const ONLINE_ACTIVATION_STATUSES: readonly OrderStatus[] = [
  'Delivery in progress',
  'Delivery completed',
];

/**
 * Whether the customer may activate the order's SIM online: a physical SIM sent and not yet
 * activated. An eSIM is never sent: verifying its order activates it.
 */
export const mayActivateOnline = (order: { status: OrderStatus; typeSim: number }) =>
  order.typeSim === TypeSim.Physical && ONLINE_ACTIVATION_STATUSES.includes(order.status);
