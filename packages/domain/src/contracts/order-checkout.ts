import { z } from 'zod/mini';

/** The order's charges as step 5 shows them: every item, the promotion, GST and what is due now. */
const quoteSchema = z.object({
  items: z.array(z.object({ kind: z.string(), label: z.string(), amountCents: z.int() })),
  subtotalCents: z.int(),
  discountCents: z.int(),
  totalCents: z.int(),
  gstPercent: z.number(),
  gstCents: z.int(),
  dueNowCents: z.int(),
});

/** GET /api/v1/orders/draft/summary: step 5, every line, fee, promotion, GST and the total. */
export const orderSummarySchema = z.object({
  lines: z.array(
    z.object({
      label: z.string(),
      planName: z.string(),
      addons: z.array(z.string()),
      numberType: z.string(),
      msisdn: z.string(),
      donorNetwork: z.nullable(z.string()),
    }),
  ),
  quote: quoteSchema,
  roadshow: z.boolean(),
  typeSim: z.int(),
  /** The draft's step 4 as saved (the `delivery` of GET /api/v1/orders/draft, `DraftDelivery`). */
  delivery: z.record(z.string(), z.unknown()),
  account: z.object({ fullName: z.string(), idNumber: z.string(), contactNumber: z.string() }),
  reservationUntil: z.nullable(z.string()),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** POST /api/v1/orders/checkout: the payment attempt and the gateway's card page to pay on. */
export const checkoutStartSchema = z.object({ attemptId: z.string(), redirectUrl: z.string() });
export type CheckoutStart = z.infer<typeof checkoutStartSchema>;

/** POST /api/v1/orders/checkout/{attemptId}/complete: the order, placed and paid. */
export const placedOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  totalCents: z.int(),
  dueNowCents: z.int(),
  createdAt: z.string(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;
