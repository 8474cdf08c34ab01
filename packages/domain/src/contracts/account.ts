import { z } from 'zod/mini';
import { authUserSchema } from './auth.ts';
import { orderListItemSchema, orderOutcomeSchema, orderTimelineEntrySchema } from './order-history.ts';

/** The newest order's milestones, what the customer must do next and the admin-fee deadline. */
const orderProgressSchema = z.object({
  steps: z.array(z.object({ key: z.string(), done: z.boolean() })),
  ended: z.boolean(),
  next: z.array(z.string()),
  adminFee: z.object({
    amountCents: z.int(),
    charged: z.boolean(),
    deadline: z.nullable(z.string()),
  }),
});

/**
 * GET /api/v1/account: what /myAccount shows, the customer, their orders and for the newest one its
 * progress or why it did not go ahead, and the additional lines they hold.
 */
export const accountSummarySchema = z.object({
  user: authUserSchema,
  memberSince: z.string(),
  /** The customer's orders, newest first, as GET /api/v1/orders lists them. */
  orders: z.array(orderListItemSchema),
  /** The newest order's progress, oldest step first. */
  latestTimeline: z.array(orderTimelineEntrySchema),
  progress: z.nullable(orderProgressSchema),
  latestOutcome: z.nullable(orderOutcomeSchema),
  sublines: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      phoneNumber: z.nullable(z.string()),
      activated: z.boolean(),
    }),
  ),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
