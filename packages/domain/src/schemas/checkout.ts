import * as z from 'zod/mini';
import { Messages } from '../messages.ts';
import { OrderMessages } from '../ordering/messages.ts';
import { text } from './fields.ts';

const promotionCode = z.optional(
  z.nullable(
    text('Promotion code', undefined, OrderMessages.promotionInvalid).check(
      z.trim(),
      z.maxLength(40, OrderMessages.promotionInvalid),
    ),
  ),
);

/** Step 5, Order Summary: an optional promotion code and the terms, then Pay. */
export const checkoutSchema = z.object({
  promotionCode,
  acceptTerms: z
    .boolean({ error: OrderMessages.acceptTerms })
    .check(z.refine((v) => v === true, OrderMessages.acceptTerms)),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

export const summaryQuerySchema = z.object({ promotionCode });
export const attemptParamsSchema = z.object({ attemptId: z.uuid({ error: Messages.notFound }) });
