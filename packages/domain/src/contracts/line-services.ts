import { z } from 'zod/mini';
import { LINE_SERVICE_STATUSES, NUMBER_CHANGE_STATES, SUSPENSION_REASONS } from '../line-services.ts';
import { REPLACEMENT_STATES } from '../lost-sim.ts';

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

/** A customer's lines in the staff console: whose they are, then the lines as the customer sees them. */
export const staffCustomerLinesSchema = z.object({
  customer: z.object({ id: z.string(), name: z.string(), email: z.nullable(z.string()) }),
  lines: z.array(lineServicesSchema),
});
export type StaffCustomerLines = z.infer<typeof staffCustomerLinesSchema>;

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
  /** Lines ended here whose end the network has not confirmed yet: kept, and sent until it does. */
  awaitingNetwork: z.array(
    z.object({ lineId: z.string(), msisdn: z.string(), isMainLine: z.boolean(), endedAt: z.string() }),
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

/** A lost SIM's replacement as /manage/lostSim shows it (ADR 0029): the block, the new SIM's way, the swap. */
export const simReplacementSchema = z.object({
  id: z.string(),
  state: z.enum(REPLACEMENT_STATES),
  typeSim: z.int(),
  /** What it costs, on the next bill once the SIM is sent; 0 for a new eSIM profile. */
  feeCents: z.int(),
  reportedAt: z.string(),
  /** When the network blocked the lost SIM; null while the block is on its way. */
  blockedAt: z.nullable(z.string()),
  /** Where the new SIM goes, on one line; null when the order left no address. */
  deliveryAddress: z.nullable(z.string()),
  deliveryMethod: z.nullable(z.int()),
  deliveryDate: z.nullable(z.string()),
  trackingCode: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  /** The new SIM's ICCID, masked, once it is known. */
  iccid: z.nullable(z.string()),
  /** An eSIM line's new profile once the MVNE released it: its code, and the code as a QR. */
  esim: z.nullable(
    z.object({
      activationCode: z.string(),
      smdpAddress: z.string(),
      matchingId: z.string(),
      qrSvg: z.string(),
    }),
  ),
});
export type SimReplacement = z.infer<typeof simReplacementSchema>;

/** /manage/lostSim: each live line, whether its SIM may be reported lost now and what it costs, and its replacement. */
export const lostSimViewSchema = z.object({
  lines: z.array(
    z.object({
      lineId: z.string(),
      msisdn: z.string(),
      isMainLine: z.boolean(),
      typeSim: z.int(),
      /** The SIM the line is on now, masked. */
      iccid: z.nullable(z.string()),
      /** Where a replacement SIM would be sent (its order's address, on one line); null for an eSIM or none. */
      deliveryAddress: z.nullable(z.string()),
      /** Why its SIM cannot be reported lost now; null when it can. */
      refusal: z.nullable(z.string()),
      feeCents: z.int(),
      /** Its replacement under way, or else its latest. */
      replacement: z.nullable(simReplacementSchema),
    }),
  ),
});
export type LostSimView = z.infer<typeof lostSimViewSchema>;
