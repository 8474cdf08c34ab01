import * as z from 'zod/mini';
import {
  LineServiceMessages,
  LostSimMessages,
  SUSPENSION_REASONS,
  TerminationMessages,
} from '../line-services.ts';
import { Messages } from '../messages.ts';
import { OrderMessages } from '../ordering/messages.ts';
import { compactNumber } from '../phone.ts';
import { isoDateField } from './account.ts';
import { text } from './fields.ts';
import { portEditSchema } from './porting.ts';

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
    effectiveOn: isoDateField('End date'),
    password: text('Password').check(z.minLength(1, Messages.required('Password'))),
  })
  .check(
    z.refine((v) => v.scope === 'account' || Boolean(v.lineId), {
      message: TerminationMessages.chooseLine,
      path: ['lineId'],
    }),
  );
export type TerminateInput = z.input<typeof terminateSchema>;

/** A new number chosen from the list on /manage/numberChange: 8 digits starting 8 or 9. */
const chosenNumber = z
  .pipe(
    text('Number', OrderMessages.chooseNumber).check(z.trim(), z.maxLength(20, OrderMessages.chooseNumber)),
    z.transform(compactNumber),
  )
  .check(z.refine((v: string) => /^[89]\d{7}$/.test(v), OrderMessages.chooseNumber));

/** PUT /api/v1/number-changes/{lineId}/hold and POST /api/v1/number-changes/{lineId}: the new number. */
export const numberChoiceSchema = z.object({ msisdn: chosenNumber });
export type NumberChoiceInput = z.input<typeof numberChoiceSchema>;

/**
 * POST /api/v1/number-changes/{lineId}/port: port a number in again after a port failed — the
 * number, its network and the ID number it is registered to there, and that it is postpaid.
 */
export const reinitiatePortSchema = z.extend(portEditSchema, {
  msisdn: z
    .pipe(
      text('Mobile number', Messages.completeNumber).check(
        z.trim(),
        z.maxLength(20, Messages.completeNumber),
      ),
      z.transform(compactNumber),
    )
    .check(z.refine((v: string) => /^[89]\d{7}$/.test(v), Messages.completeNumber)),
  confirmPostpaid: z.literal(true, OrderMessages.confirmPostpaid),
});
export type ReinitiatePortInput = z.input<typeof reinitiatePortSchema>;

/** POST /api/v1/lost-sims: the line whose SIM was lost; it is blocked at once and replaced (ADR 0029). */
export const reportLostSimSchema = z.object({ lineId: z.uuid(LostSimMessages.chooseLine) });
export type ReportLostSimInput = z.input<typeof reportLostSimSchema>;
