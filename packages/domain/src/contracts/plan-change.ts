import { z } from 'zod/mini';
import { translationsSchema } from './orders.ts';

/** A plan a line can move to, with its monthly price (GST included). */
export const changePlanOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  descriptions: translationsSchema,
  monthlyCents: z.number(),
  /** A corporate (CIS) plan, offered because the customer passed their company's check. */
  corporate: z.boolean(),
});

/** A plan change asked for: scheduled (may be cancelled), applied on its day, cancelled, or failed. */
export const planChangeSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  fromPlan: z.string(),
  fromName: z.string(),
  toPlan: z.string(),
  toName: z.string(),
  /** The Singapore day it takes effect, YYYY-MM-DD. */
  effectiveOn: z.string(),
  state: z.enum(['scheduled', 'applied', 'cancelled', 'failed']),
  /** The new plan's monthly price less the current one's. */
  differenceCents: z.number(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

/** GET /api/v1/plan-changes: the lines with their plans, the plans on offer and the changes asked for. */
export const planChangeViewSchema = z.object({
  lines: z.array(
    z.object({
      id: z.string(),
      msisdn: z.string(),
      isMainLine: z.boolean(),
      planCode: z.string(),
      planName: z.string(),
      monthlyCents: z.number(),
      state: z.string(),
      /**
       * The recurring products serving the line, with the plans each may be on (null: every plan):
       * a change to a plan that does not take one ends it.
       */
      addons: z.array(
        z.object({ code: z.string(), name: z.string(), planCodes: z.nullable(z.array(z.string())) }),
      ),
    }),
  ),
  plans: z.array(changePlanOptionSchema),
  changes: z.array(planChangeSchema),
  /** The day a change asked for now takes effect. */
  effectiveOn: z.string(),
});
export type PlanChangeView = z.infer<typeof planChangeViewSchema>;
