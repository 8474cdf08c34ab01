import { z } from 'zod/mini';
import { USAGE_KINDS } from './usage.ts';

/**
 * GET /api/v1/usage/summary: use between two Singapore days, summed per line, kind and country, for
 * one scope (local, IDD or roaming) and optionally one line: the international, roaming and
 * per-line total pages read these, never the records.
 */
export const usageSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      lineId: z.string(),
      msisdn: z.string(),
      kind: z.enum(USAGE_KINDS),
      /** Calls and SMS made or received; null for data. */
      direction: z.nullable(z.enum(['outgoing', 'incoming'])),
      /** ISO 3166 alpha-2: the called country (IDD), the visited one (roaming), SG at home. */
      country: z.string(),
      events: z.int(),
      volume: z.number(),
      /** Calls: the minutes charged, each call by the started minute (chargedMinutes), summed; 0 otherwise. */
      minutes: z.int(),
      outOfBundle: z.number(),
      chargeCents: z.int(),
    }),
  ),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;
