import { z } from 'zod';
import {
  balancesSchema,
  dailyUsageSchema,
  usageLineSchema,
  usageRecordsPageSchema,
} from '../contracts/usage.ts';
import { usageSummarySchema } from '../contracts/usage-summary.ts';
import { lineUsagePolicySchema, usageQuerySchema, usageSummaryQuerySchema } from '../schemas/usage.ts';
import type { Endpoint } from './endpoint.ts';

const lineQuery = z.object({ line: z.uuid('Line is invalid').optional() });

/** The calls the API answers in modules/usage/usage.routes.ts. */
export const usageEndpoints = {
  'GET /usage/balances': {
    summary:
      'Balance buckets of the lines (live from the MVNE, kept 30 s; the last known with their time when it is down)',
    query: lineQuery,
    response: balancesSchema,
  },
  'GET /usage/daily': {
    summary: 'Local use per Singapore day of a bundle month (this one by default), up to today',
    query: lineQuery.extend({
      month: z
        .string()
        .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
        .optional(),
    }),
    response: dailyUsageSchema,
  },
  'GET /usage/summary': {
    summary:
      'One scope (local, IDD, roaming) between Singapore dates, summed per line, kind, direction and country',
    query: usageSummaryQuerySchema,
    response: usageSummarySchema,
  },
  'GET /usage/records': {
    summary: 'Usage records by line, kind, scope and Singapore dates (at most 12 months), newest first',
    query: usageQuerySchema,
    response: usageRecordsPageSchema,
  },
  'GET /usage/records.csv': {
    summary: 'The same records as a CSV file, streamed',
    query: usageQuerySchema,
  },
  'PUT /usage/lines/:id/options': {
    summary:
      "Switch a line's data rollover (from the next renewal) and the stop at 100%; the MVNE is told by a job",
    params: z.object({ id: z.uuid() }),
    body: lineUsagePolicySchema,
    response: usageLineSchema,
  },
} as const satisfies Record<string, Endpoint>;
