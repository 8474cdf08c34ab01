import { z } from 'zod/mini';
import { LINE_STATES } from '../fulfilment/lines.ts';

/** GET /api/v1/auth/kyc/authoriseUrl: the Singpass login to send a signed-out customer to. */
export const kycAuthoriseUrlSchema = z.object({ url: z.string() });
export type KycAuthoriseUrl = z.infer<typeof kycAuthoriseUrlSchema>;

/** GET /api/v1/activation/order: the customer's order waiting for online activation, line by line. */
export const pendingActivationSchema = z.object({
  orderNumber: z.string(),
  lines: z.array(z.object({ label: z.string(), msisdn: z.string(), state: z.nullable(z.enum(LINE_STATES)) })),
});
export type PendingActivation = z.infer<typeof pendingActivationSchema>;

/** POST /api/v1/activation/activate: the line whose SIM was scanned, now activating. */
export const activationResultSchema = z.object({ orderNumber: z.string(), msisdn: z.string() });
export type ActivationResult = z.infer<typeof activationResultSchema>;
