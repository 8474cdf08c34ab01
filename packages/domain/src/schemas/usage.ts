import * as z from 'zod/mini';
import { USAGE_KINDS, USAGE_SCOPES } from '../contracts/usage.ts';
import { Messages } from '../messages.ts';
import { text } from './fields.ts';

/** The longest date range a usage query may span (issue: at most 12 months). */
export const USAGE_RANGE_MAX_MONTHS = 12;
export const USAGE_PAGE_SIZE = 50;

export const UsageMessages = {
  rangeOrder: 'The start date must be on or before the end date.',
  rangeTooLong: `Choose a period of at most ${USAGE_RANGE_MAX_MONTHS} months.`,
} as const;

/** A real calendar day written YYYY-MM-DD. */
const isDay = (v: string) => {
  // This century's days: a year before 2000 is a slip, and Date reads years below 100 as 19xx.
  if (!/^20\d{2}-\d{2}-\d{2}$/.test(v)) return false;
  const at = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(v);
};

const day = (field: string) =>
  text(field).check(
    z.minLength(1, { error: Messages.required(field), abort: true }),
    z.refine(isDay, {
      message: `${field} must be a date (YYYY-MM-DD)`,
    }),
  );

/** The last day (inclusive) a range starting on `from` may reach: 12 months on, less a day. */
export function usageRangeEnd(from: string): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + USAGE_RANGE_MAX_MONTHS, d - 1));
  return end.toISOString().slice(0, 10);
}

const bothDays = (q: { from: string; to: string }) =>
  typeof q.from === 'string' && typeof q.to === 'string' && isDay(q.from) && isDay(q.to);

/** from ≤ to, and at most 12 months, checked once both are days. */
type Range = { from: string; to: string };
const rangeChecks = [
  z.refine<Range>((q) => !bothDays(q) || q.from <= q.to, {
    message: UsageMessages.rangeOrder,
    path: ['to'],
  }),
  z.refine<Range>((q) => !bothDays(q) || q.from > q.to || q.to <= usageRangeEnd(q.from), {
    message: UsageMessages.rangeTooLong,
    path: ['to'],
  }),
] as const;

/**
 * /dashboard/local/detail and the CSV: which records, by line, kind, scope and Singapore dates
 * (from ≤ to, at most 12 months), and where the page starts.
 */
export const usageQuerySchema = z
  .object({
    line: z.optional(z.uuid('Line is invalid')),
    kind: z.optional(z.enum(USAGE_KINDS, 'Kind is invalid')),
    scope: z.optional(z.enum(USAGE_SCOPES, 'Scope is invalid')),
    from: day('From'),
    to: day('To'),
    /** A bucket's records only (a roaming pack's): its id, as the balances give it. */
    bucket: z.optional(text('Bucket').check(z.maxLength(200, 'Bucket is invalid'))),
    after: z.optional(text('Page').check(z.maxLength(200, 'Page is invalid'))),
  })
  .check(...rangeChecks);
export type UsageQuery = z.infer<typeof usageQuerySchema>;

/** /dashboard/international, /dashboard/roamingUsage and a line's totals: one scope's use by country. */
export const usageSummaryQuerySchema = z
  .object({
    scope: z.enum(USAGE_SCOPES, 'Scope is invalid'),
    line: z.optional(z.uuid('Line is invalid')),
    from: day('From'),
    to: day('To'),
  })
  .check(...rangeChecks);
export type UsageSummaryQuery = z.infer<typeof usageSummaryQuerySchema>;

/** /manage/policyControl: switch data rollover (and the stop at 100%) for one line. */
export const lineUsagePolicySchema = z.object({
  rollover: z.optional(z.boolean('Data rollover is invalid')),
  stopDataAtLimit: z.optional(z.boolean('Stop data at 100% is invalid')),
});
export type LineUsagePolicyInput = z.infer<typeof lineUsagePolicySchema>;
