import { staffActionResultSchema, staffReplacementSchema } from '../contracts/staff.ts';
import {
  activateByImsiSchema,
  createDeliverySchema,
  replacementActivationSchema,
  replacementDeliverySchema,
  staffNoteSchema,
  staffReasonSchema,
} from '../fulfilment.ts';
import type { Endpoint } from './endpoint.ts';
import { orderParams } from './staff-params.ts';

const onOrder = { params: orderParams, response: staffActionResultSchema };
const onReplacement = { params: orderParams, response: staffReplacementSchema };

/**
 * Staff actions on an order and on a lost SIM's replacement: each path ends in the action's `path` of
 * STAFF_ACTIONS, which the console sends to.
 */
export const staffOrderActionsEndpoints = {
  'POST /staff/orders/:id/verify': { ...onOrder, body: staffNoteSchema },
  'POST /staff/orders/:id/reject': { ...onOrder, body: staffReasonSchema },
  'POST /staff/orders/:id/request-documents': { ...onOrder, body: staffReasonSchema },
  'POST /staff/orders/:id/cancel': { ...onOrder, body: staffReasonSchema },
  'POST /staff/orders/:id/deliveries': {
    ...onOrder,
    summary: 'Create delivery order: a SIM from stock for each line',
    body: createDeliverySchema,
  },
  'POST /staff/orders/:id/delivered': onOrder,
  'POST /staff/orders/:id/delivery-failed': { ...onOrder, body: staffReasonSchema },
  'POST /staff/orders/:id/activate': {
    ...onOrder,
    summary: 'Enter IMSI to activate: the IMSI of the SIM delivered for each line',
    body: activateByImsiSchema,
  },
  'POST /staff/replacements/:id/deliveries': {
    ...onReplacement,
    summary:
      'Create delivery order: a SIM from stock replaces the lost one; the replacement fee goes on the next bill',
    body: replacementDeliverySchema,
  },
  'POST /staff/replacements/:id/delivered': { ...onReplacement, summary: 'Mark delivered' },
  'POST /staff/replacements/:id/delivery-failed': {
    ...onReplacement,
    summary: 'Mark delivery failed: the SIM returns to stock and another is sent',
    body: staffReasonSchema,
  },
  'POST /staff/replacements/:id/activate': {
    ...onReplacement,
    summary: 'Enter IMSI to activate: the MVNE swaps the line onto the new SIM, once the lost one is blocked',
    body: replacementActivationSchema,
  },
} as const satisfies Record<string, Endpoint>;
