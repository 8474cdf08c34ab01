import * as z from 'zod/mini';
import { LineServiceMessages, SUSPENSION_REASONS, TerminationMessages } from '../line-services.ts';
import { Messages } from '../messages.ts';
import { isoDateField } from './account.ts';
import { text } from './fields.ts';

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

/**
 * POST /api/v1/terminations: end one line, or the whole account (every line, sub lines first), on
 * a day from today on, confirmed with the password.
 */
export const terminateSchema = z
  .object({
    scope: z.enum(['line', 'account'], 'Please choose what to end.'),
    lineId: z.optional(z.nullable(z.uuid(TerminationMessages.chooseLine))),
    effectiveOn: isoDateField('Date'),
    password: text('Password').check(z.minLength(1, Messages.required('Password'))),
  })
  .check(
    z.refine((v) => v.scope === 'account' || Boolean(v.lineId), {
      message: TerminationMessages.chooseLine,
      path: ['lineId'],
    }),
  );
export type TerminateInput = z.input<typeof terminateSchema>;
