import { z } from 'zod/mini';
import { ORDER_STATUSES } from '../enums.ts';
import { NumberType } from '../ordering/enums.ts';

/** Where an 'Us' line is: ordered (its order with staff), in service, or not going ahead. */
export const SUB_LINE_STATES = [
  'ordered',
  'activating',
  'active',
  'suspended',
  'terminated',
  'stopped',
] as const;
export type SubLineState = (typeof SUB_LINE_STATES)[number];

/** GET /api/v1/sub-lines: the customer's 'Us' lines, how many more they may add, and a number held. */
export const subLinesViewSchema = z.object({
  lines: z.array(
    z.object({
      id: z.string(),
      /** Who uses it; null for a line ordered with the main line, which has none named. */
      fullName: z.nullable(z.string()),
      msisdn: z.string(),
      numberType: z.enum([NumberType.New, NumberType.PortIn]),
      typeSim: z.int(),
      state: z.enum(SUB_LINE_STATES),
      orderId: z.string(),
      orderNumber: z.string(),
      orderStatus: z.enum(ORDER_STATUSES),
      /** The number its user signs in with, once the line is live. */
      loginNumber: z.nullable(z.string()),
      addedAt: z.string(),
    }),
  ),
  limit: z.int(),
  remaining: z.int(),
  /** Why no line may be added now, or null. */
  blocked: z.nullable(z.string()),
  hold: z.nullable(z.object({ msisdn: z.string(), heldUntil: z.string() })),
  holdMinutes: z.int(),
});
export type SubLinesView = z.infer<typeof subLinesViewSchema>;

/** POST /api/v1/sub-lines: the order the new line travels on. */
export const subLineAddedSchema = z.object({ orderId: z.string(), orderNumber: z.string() });
export type SubLineAdded = z.infer<typeof subLineAddedSchema>;
