import * as z from 'zod/mini';
import { LineServiceMessages, SUSPENSION_REASONS } from '../line-services.ts';

/** POST /api/v1/lines/{id}/suspension: suspend the line now, with the reason. */
export const suspendLineSchema = z.object({
  reason: z.enum(SUSPENSION_REASONS, LineServiceMessages.chooseReason),
});
export type SuspendLineInput = z.infer<typeof suspendLineSchema>;

/** PUT /api/v1/lines/{id}/barring: international calls and SMS barred (true) or allowed, each way. */
export const lineBarringSchema = z.object({
  incomingInternational: z.boolean('Incoming international calls and SMS is invalid'),
  outgoingInternational: z.boolean('Outgoing international calls and SMS is invalid'),
});
export type LineBarringInput = z.infer<typeof lineBarringSchema>;
