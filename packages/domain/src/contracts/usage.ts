import { z } from 'zod/mini';

/** What a usage record or bucket counts: data in BYTES, talk time in SECONDS, SMS in EVENTS (SPEC section 3). */
export const USAGE_KINDS = ['data', 'voice', 'sms'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];
/** Where use happened: at home, to a number abroad (IDD), or on a network abroad (roaming). */
export const USAGE_SCOPES = ['local', 'idd', 'roaming'] as const;
export type UsageScope = (typeof USAGE_SCOPES)[number];
export const UNIT_OF_KIND = { data: 'BYTES', voice: 'SECONDS', sms: 'EVENTS' } as const;

/** One balance bucket of a line (its plan's, a rollover) or shared by the customer's lines. */
export const bucketSchema = z.object({
  id: z.string(),
  /** The line it belongs to; null when shared by the customer's lines. */
  lineId: z.nullable(z.string()),
  shared: z.boolean(),
  kind: z.enum(USAGE_KINDS),
  scope: z.enum(USAGE_SCOPES),
  origin: z.enum(['plan', 'rollover', 'addon']),
  name: z.string(),
  unit: z.enum(['BYTES', 'SECONDS', 'EVENTS']),
  size: z.number(),
  remaining: z.number(),
  validFrom: z.string(),
  validTo: z.string(),
  /** A monthly add-on that goes on next month: it renews at validTo rather than ending there. */
  renews: z.optional(z.boolean()),
});
export type Bucket = z.infer<typeof bucketSchema>;

/** A line the signed-in user may see usage of, with what its plan gives without limit. */
export const usageLineSchema = z.object({
  id: z.string(),
  msisdn: z.string(),
  isMainLine: z.boolean(),
  planName: z.string(),
  unlimited: z.object({ data: z.boolean(), voice: z.boolean(), sms: z.boolean() }),
  rollover: z.boolean(),
  stopDataAtLimit: z.boolean(),
  /** Its options cannot change until support resumes it (ADR 0025). */
  suspended: z.boolean(),
  /** Ended this month (ADR 0027): its use so far is still shown, but it has no balances left. */
  ended: z.boolean(),
});
export type UsageLine = z.infer<typeof usageLineSchema>;

/**
 * GET /api/v1/usage/balances: the lines' buckets as the MVNE last gave them. `stale` is true when the
 * MVNE did not answer and these are the last known figures, read at `readAt` (null: never read).
 */
export const balancesSchema = z.object({
  lines: z.array(usageLineSchema),
  buckets: z.array(bucketSchema),
  readAt: z.nullable(z.string()),
  stale: z.boolean(),
  /** When bundled data next renews: 00:00 Singapore time on the 1st. */
  renewsAt: z.string(),
  /**
   * Today in Singapore (YYYY-MM-DD) by the portal's clock: the pages' "this month" and "today", which
   * a device's own clock, set wrong or in another time zone, must not decide.
   */
  today: z.string(),
});
export type Balances = z.infer<typeof balancesSchema>;

/** GET /api/v1/usage/daily: local use per Singapore day of one bundle month. */
export const dailyUsageSchema = z.object({
  month: z.string(),
  days: z.array(z.object({ day: z.string(), data: z.number(), voice: z.number(), sms: z.number() })),
});
export type DailyUsage = z.infer<typeof dailyUsageSchema>;

/** One rated event: a data session, a call or an SMS. */
export const usageRecordSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  msisdn: z.string(),
  kind: z.enum(USAGE_KINDS),
  scope: z.enum(USAGE_SCOPES),
  direction: z.nullable(z.enum(['outgoing', 'incoming'])),
  /** ISO 3166 alpha-2: the network's country when roaming, the called country for IDD, SG at home. */
  country: z.string(),
  startedAt: z.string(),
  unit: z.enum(['BYTES', 'SECONDS', 'EVENTS']),
  volume: z.number(),
  /** The bucket it drew from; null when nothing did. */
  bucket: z.nullable(z.string()),
  outOfBundle: z.number(),
  chargeCents: z.int(),
});
export type UsageRecord = z.infer<typeof usageRecordSchema>;

/** GET /api/v1/usage/records: a page, newest first; `next` asks for the page after it. */
export const usageRecordsPageSchema = z.object({
  items: z.array(usageRecordSchema),
  next: z.nullable(z.string()),
});
export type UsageRecordsPage = z.infer<typeof usageRecordsPageSchema>;
