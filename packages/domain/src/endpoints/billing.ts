import { z } from 'zod';
import {
  billDetailSchema,
  billListSchema,
  billPaymentSchema,
  payNowQrSchema,
  savedCardSchema,
} from '../contracts/bills.ts';
import type { Endpoint } from './endpoint.ts';

const params = z.object({ id: z.uuid('Bill is invalid') });

/** The calls the API answers in modules/billing/billing.routes.ts. */
export const billingEndpoints = {
  'GET /bills': {
    summary: 'The latest bills of the account, newest first (at most the configured number)',
    response: billListSchema,
  },
  'GET /bills/:id': {
    summary: 'One bill with its items per line and for the account, GST and what is left to pay',
    params,
    response: billDetailSchema,
  },
  'GET /bills/:id/pdf': {
    summary: 'The bill as a PDF tax invoice, with a PayNow QR for what is left to pay',
    params,
  },
  'POST /bills/card': {
    summary: "Open the gateway's card page to change the card bills are paid with",
    response: z.object({ redirectUrl: z.string() }),
  },
  'POST /bills/card/complete': {
    summary: "Keep the card of the customer's completed card page as the one bills are paid with",
    body: z.object({ sessionId: z.string().min(1, 'Card page is invalid').max(200) }),
    response: savedCardSchema,
  },
  'POST /bills/:id/pay': {
    summary:
      'Pay what is left on the bill with the saved card: one charge however often it is asked (the payment in flight is answered)',
    params,
    body: z.object({ method: z.literal('card', 'Please choose how to pay') }),
    response: billPaymentSchema,
  },
  'GET /bills/payments/:id': {
    summary: "A payment of one of the account's bills and its outcome",
    params: z.object({ id: z.uuid('Payment is invalid') }),
    response: billPaymentSchema,
  },
  'POST /bills/:id/paynow': {
    summary: 'A PayNow QR (SGQR) for what is left on the bill, its reference the bill number',
    params,
    response: payNowQrSchema,
  },
  'POST /bills/:id/paynow/sent': {
    summary: 'The customer paid by PayNow: the bill shows Payment pending until the bank credits it',
    params,
    response: billPaymentSchema,
  },
  'POST /bills/:id/paynow/withdraw': {
    summary:
      '"I haven\'t paid yet": takes back the PayNow claim the bank has not credited; the bill is Due Now again',
    params,
    response: billPaymentSchema,
  },
  'POST /webhooks/bank': {
    summary: 'PayNow credits from the bank (signed; each checked with the bank)',
    response: z.null(),
  },
} as const satisfies Record<string, Endpoint>;
