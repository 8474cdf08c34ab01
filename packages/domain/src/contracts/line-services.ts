import { z } from 'zod/mini';
import { LINE_SERVICE_STATUSES, SUSPENSION_REASONS } from '../line-services.ts';

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
