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
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
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
    after: z.optional(text('Page').check(z.maxLength(200, 'Page is invalid'))),
  })
  .check(
    z.refine((q) => !bothDays(q) || q.from <= q.to, { message: UsageMessages.rangeOrder, path: ['to'] }),
    z.refine((q) => !bothDays(q) || q.from > q.to || q.to <= usageRangeEnd(q.from), {
      message: UsageMessages.rangeTooLong,
      path: ['to'],
    }),
  );
export type UsageQuery = z.infer<typeof usageQuerySchema>;

/** /manage/policyControl: switch data rollover (and the stop at 100%) for one line. */
export const lineUsagePolicySchema = z.object({
  rollover: z.optional(z.boolean('Data rollover is invalid')),
  stopDataAtLimit: z.optional(z.boolean('Stop data at 100% is invalid')),
});
export type LineUsagePolicyInput = z.infer<typeof lineUsagePolicySchema>;
