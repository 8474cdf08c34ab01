import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RoamingSpend } from '../products/index.ts';

/** Roaming charged per line since `from` (a bundle month's start), from the imported daily sums. */
export const roamingSpend: RoamingSpend = {
  async spentSince(db: Db, lineIds: string[], from: Date): Promise<Map<string, number>> {
    if (!lineIds.length) return new Map();
    const { rows } = await db.execute<{ line_id: string; cents: string }>(sql`
      SELECT line_id, sum(charge_cents)::bigint AS cents FROM usage_daily
       WHERE line_id = ANY(${`{${lineIds.join(',')}}`}::uuid[]) AND scope = 'roaming'
         AND day >= (${from.toISOString()}::timestamptz AT TIME ZONE 'Asia/Singapore')::date
       GROUP BY line_id`);
    return new Map(rows.map((r) => [r.line_id, Number(r.cents)]));
  },
};
