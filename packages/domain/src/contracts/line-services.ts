import { z } from 'zod/mini';
import { LINE_SERVICE_STATUSES, NUMBER_CHANGE_STATES, SUSPENSION_REASONS } from '../line-services.ts';

/** A line on /manage/suspension and /manage/internationalCall, with its services as saved now. */
export const lineServicesSchema = z.object({
  lineId: z.string(),
  msisdn: z.string(),
  isMainLine: z.boolean(),
  status: z.enum(LINE_SERVICE_STATUSES),
  /** The open suspension: why and since when. */
  suspension: z.nullable(z.object({ reason: z.enum(SUSPENSION_REASONS), since: z.string() })),
  barring: z.object({
    /** Calls and SMS from numbers abroad are not delivered. */
    incomingInternational: z.boolean(),
    /** No calls or SMS to numbers abroad (IDD). */
    outgoingInternational: z.boolean(),
  }),
  /** A change the network has not confirmed yet. */
  pending: z.boolean(),
});
export type LineServices = z.infer<typeof lineServicesSchema>;

/** /manage/termination: the live lines, each with the end asked for it, and the dates allowed. */
export const terminationViewSchema = z.object({
  lines: z.array(
    z.object({
      lineId: z.string(),
      msisdn: z.string(),
      isMainLine: z.boolean(),
      termination: z.nullable(
        z.object({ id: z.string(), effectiveOn: z.string(), wholeAccount: z.boolean() }),
      ),
    }),
  ),
  today: z.string(),
  latest: z.string(),
});
export type TerminationView = z.infer<typeof terminationViewSchema>;

/** A number change as /manage/numberChange shows it: held, pending with the network, or done. */
export const numberChangeSchema = z.object({
  id: z.string(),
  state: z.enum(NUMBER_CHANGE_STATES),
  fromMsisdn: z.string(),
  toMsisdn: z.string(),
  /** Until when the new number is held (state 'held'). */
  heldUntil: z.string(),
  feeCents: z.int(),
  failure: z.nullable(z.string()),
  confirmedAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
});
export type NumberChange = z.infer<typeof numberChangeSchema>;

/** /manage/numberChange: each live line, what a change costs it, and its open or latest change. */
export const numberChangeViewSchema = z.object({
  lines: z.array(
    z.object({
      lineId: z.string(),
      msisdn: z.string(),
      isMainLine: z.boolean(),
      suspended: z.boolean(),
      /** The number the line works on while its own is ported in; null otherwise. */
      temporaryMsisdn: z.nullable(z.string()),
      /** The line's port-in failed: its number may be ported again here, or a new one chosen free. */
      failedPort: z.nullable(
        z.object({ id: z.string(), msisdn: z.string(), donorNetwork: z.int(), donorIdNumber: z.string() }),
      ),
      /** A port-in is with the network: no change until it is answered. */
      portInProgress: z.boolean(),
      feeCents: z.int(),
      change: z.nullable(numberChangeSchema),
    }),
  ),
  holdMinutes: z.int(),
});
export type NumberChangeView = z.infer<typeof numberChangeViewSchema>;

/** GET /api/v1/number-changes/numbers: a page of new numbers to choose from. */
export const numberChoicesSchema = z.object({
  numbers: z.array(z.string()),
  page: z.int(),
  totalPages: z.int(),
  total: z.int(),
});
export type NumberChoices = z.infer<typeof numberChoicesSchema>;
