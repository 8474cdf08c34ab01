import { z } from 'zod/mini';
import { ORDER_KINDS, ORDER_STATUSES } from '../enums.ts';

/** GET /api/v1/orders (each item): one of the customer's orders. */
export const orderListItemSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  totalCents: z.int(),
  status: z.enum(ORDER_STATUSES),
  /** 'sub-line': an 'Us' line added to an active account, billed monthly, paid for at no checkout. */
  kind: z.enum(ORDER_KINDS),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** An order's delivery or billing address. */
const orderAddressSchema = z.object({
  postalCode: z.string(),
  blockNumber: z.string(),
  roadName: z.string(),
  building: z.nullish(z.string()),
  unitNumber: z.nullish(z.string()),
});

/** A rejected or cancelled order: the reason staff gave the customer and the refund of its charge. */
export const orderOutcomeSchema = z.object({
  reason: z.nullable(z.string()),
  at: z.nullable(z.string()),
  refund: z.nullable(z.object({ amountCents: z.int(), status: z.enum(['pending', 'succeeded', 'failed']) })),
});
export type OrderOutcome = z.infer<typeof orderOutcomeSchema>;

/**
 * One step of an order's progress: when it happened, its words (one of ORDER_EVENT_LABELS, which the
 * pages say in the reader's language) and what it names, a number or a tracking code, as recorded.
 * `text` is the two in English, as a page of the release before reads it.
 */
export const orderTimelineEntrySchema = z.object({
  at: z.string(),
  text: z.string(),
  label: z.string(),
  detail: z.nullable(z.string()),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** GET /api/v1/orders/{id}: one order with its lines, charges and timeline. */
export const orderDetailSchema = z.extend(orderListItemSchema, {
  dueNowCents: z.int(),
  typeSim: z.int(),
  deliveryMethod: z.nullable(z.int()),
  deliveryDate: z.nullable(z.string()),
  deliveryAddress: z.nullable(orderAddressSchema),
  billingAddress: orderAddressSchema,
  quote: z.object({
    items: z.array(z.object({ kind: z.string(), label: z.string(), amountCents: z.int() })),
    totalCents: z.int(),
    gstPercent: z.number(),
    gstCents: z.int(),
    dueNowCents: z.int(),
  }),
  lines: z.array(
    z.object({
      position: z.int(),
      label: z.string(),
      planName: z.string(),
      addonCodes: z.array(z.string()),
      numberType: z.string(),
      msisdn: z.string(),
    }),
  ),
  timeline: z.array(orderTimelineEntrySchema),
  outcome: z.nullable(orderOutcomeSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
