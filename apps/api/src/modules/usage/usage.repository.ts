import { chargedMinutes } from '@selfcare/domain';
import type { Bucket, UsageKind, UsageScope } from '@selfcare/domain/contracts/usage';
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { MvneUsageRecord } from '../../integrations/mvne.ts';
import { customerContacts } from '../auth/index.ts';
import { planTerms } from '../catalog/index.ts';
import { lineTerms } from '../lines/index.ts';
import { lineUsageSettings, usageBalances, usageImportCursor } from './usage.schema.ts';

export type Queryable = Pick<pg.ClientBase, 'query'>;

/** A usage record as stored: the MVNE's, less what is derived (its id, its kind's unit). */
export type StoredRecord = Omit<MvneUsageRecord, 'id' | 'units'>;

/** The MVNE's records are read from this source's cursor. */
export const MVNE_SOURCE = 'mvne';

export interface RecordFilter {
  lineIds: string[];
  from: Date;
  to: Date;
  kind?: UsageKind;
  scope?: UsageScope;
  bucket?: string;
  /** Keyset: only records older than this one (newest first). */
  before?: { startedAt: Date; sequence: number };
}

export interface RecordRow {
  line_id: string;
  msisdn: string;
  started_at: Date;
  mvne_sequence: string;
  kind: UsageKind;
  scope: UsageScope;
  direction: 'outgoing' | 'incoming' | null;
  country: string;
  volume: string;
  bucket: string | null;
  out_of_bundle: string;
  charge_cents: number;
}

/** Usage records, their daily sums, the import's cursor, the balances last read and the lines' options. */
export const usageRepository = {
  /**
   * The lines a user may see usage of: a main-line customer's every line, a sub-line user's own, with
   * their plan's allowances and options. Lines still activating have no usage.
   */
  async visibleLines(db: Db, userId: string) {
    return db
      .select({
        id: lineTerms.id,
        msisdn: lineTerms.msisdn,
        isMainLine: lineTerms.isMainLine,
        state: lineTerms.state,
        mvneServiceId: lineTerms.mvneServiceId,
        planName: planTerms.name,
        dataGb: planTerms.dataGb,
        talkMinutes: planTerms.talkMinutes,
        sms: planTerms.sms,
        rollover: sql<boolean>`coalesce(${lineUsageSettings.rollover}, false)`,
        stopDataAtLimit: sql<boolean>`coalesce(${lineUsageSettings.stopDataAtLimit}, false)`,
      })
      .from(lineTerms)
      .innerJoin(planTerms, eq(planTerms.code, lineTerms.planCode))
      .leftJoin(lineUsageSettings, eq(lineUsageSettings.lineId, lineTerms.id))
      .where(
        and(
          or(
            eq(lineTerms.userId, userId),
            // A sub-line login sees its line while it lives: a number given out again is someone else's.
            and(eq(lineTerms.lineUserId, userId), ne(lineTerms.state, 'terminated')),
          ),
          ne(lineTerms.state, 'activating'),
        ),
      )
      .orderBy(desc(lineTerms.isMainLine), asc(lineTerms.createdAt), asc(lineTerms.msisdn));
  },

  async cursor(db: Queryable, source = MVNE_SOURCE): Promise<number> {
    const { rows } = await db.query<{ last_sequence: string }>(
      `INSERT INTO usage_import_cursor (source, last_sequence, updated_at) VALUES ($1, 0, now())
       ON CONFLICT (source) DO UPDATE SET source = excluded.source RETURNING last_sequence`,
      [source],
    );
    return Number(rows[0]?.last_sequence ?? 0);
  },

  /** Moves the cursor from `from` to `to`; false when another import moved it first. */
  async advanceCursor(db: Queryable, from: number, to: number, now: Date, source = MVNE_SOURCE) {
    const { rowCount } = await db.query(
      'UPDATE usage_import_cursor SET last_sequence = $3, updated_at = $4 WHERE source = $1 AND last_sequence = $2',
      [source, from, to, now],
    );
    return rowCount === 1;
  },

  /** Creates the month's partition of usage_records (Singapore months) unless it exists. */
  async ensurePartition(db: Queryable, month: { key: string; start: Date; end: Date }) {
    if (!/^\d{6}$/.test(month.key)) throw new RangeError(`not a partition month: ${month.key}`);
    try {
      await db.query(
        `CREATE TABLE IF NOT EXISTS usage_records_${month.key} PARTITION OF usage_records
         FOR VALUES FROM ('${month.start.toISOString()}') TO ('${month.end.toISOString()}')`,
      );
    } catch (err) {
      // Another process created it between the check and the create.
      if ((err as { code?: string }).code !== '42P07') throw err;
    }
  },

  /**
   * Stores a page of records for the lines they name and adds them to the daily sums, in one
   * statement: a record already stored is skipped and not summed again, so a replay changes nothing.
   * A record of a service no line has yet is kept aside (usage_orphans). Answers how many were stored.
   */
  async insertRecords(db: Queryable, records: StoredRecord[]): Promise<{ stored: number; lines: string[] }> {
    if (!records.length) return { stored: 0, lines: [] };
    const cols = {
      seq: [] as number[],
      service: [] as string[],
      started: [] as string[],
      kind: [] as string[],
      scope: [] as string[],
      direction: [] as (string | null)[],
      country: [] as string[],
      volume: [] as number[],
      bucket: [] as (string | null)[],
      oob: [] as number[],
      charge: [] as number[],
      minutes: [] as number[],
    };
    for (const r of records) {
      cols.seq.push(r.sequence);
      cols.service.push(r.serviceId);
      cols.started.push(r.usageDate);
      cols.kind.push(r.usageType);
      cols.scope.push(r.scope);
      cols.direction.push(r.direction);
      cols.country.push(r.country);
      cols.volume.push(r.volume);
      cols.bucket.push(r.bucketId);
      cols.oob.push(r.outOfBundle);
      cols.charge.push(r.chargeCents);
      cols.minutes.push(r.usageType === 'voice' ? chargedMinutes(r.volume) : 0);
    }
    const { rows } = await db.query<{ stored: string; lines: string[] }>(
      `WITH page AS (
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[],
                              $7::text[], $8::bigint[], $9::text[], $10::bigint[], $11::int[], $12::bigint[])
           AS p(seq, service_id, started_at, kind, scope, direction, country, volume, bucket, oob, charge, minutes)
       ), ins AS (
         INSERT INTO usage_records (line_id, started_at, mvne_sequence, kind, scope, direction, country,
                                    volume, bucket, out_of_bundle, charge_cents)
         SELECT s.id, p.started_at, p.seq, p.kind, p.scope, p.direction, p.country, p.volume, p.bucket, p.oob, p.charge
         FROM page p JOIN line_terms s ON s.mvne_service_id = p.service_id
         ON CONFLICT DO NOTHING
         RETURNING line_id, started_at, mvne_sequence, kind, direction, scope, country, volume, out_of_bundle,
                   charge_cents
       ), daily AS (
         INSERT INTO usage_daily AS d (line_id, day, kind, direction, scope, country, events, volume, minutes,
                                       out_of_bundle, charge_cents)
         SELECT i.line_id, ((i.started_at AT TIME ZONE 'UTC') + interval '8 hours')::date, i.kind,
                coalesce(i.direction, ''), i.scope, i.country, count(*), sum(i.volume), sum(p.minutes),
                sum(i.out_of_bundle), sum(i.charge_cents)
         FROM ins i JOIN page p ON p.seq = i.mvne_sequence GROUP BY 1, 2, 3, 4, 5, 6
         ON CONFLICT (line_id, day, kind, direction, scope, country) DO UPDATE SET
           events = d.events + excluded.events, volume = d.volume + excluded.volume,
           minutes = d.minutes + excluded.minutes,
           out_of_bundle = d.out_of_bundle + excluded.out_of_bundle,
           charge_cents = d.charge_cents + excluded.charge_cents
       ), orphaned AS (
         INSERT INTO usage_orphans (mvne_sequence, service_id, record)
         SELECT p.seq, p.service_id, jsonb_build_object('sequence', p.seq, 'serviceId', p.service_id,
           'usageDate', p.started_at, 'usageType', p.kind, 'scope', p.scope, 'direction', p.direction,
           'country', p.country, 'volume', p.volume, 'bucketId', p.bucket, 'outOfBundle', p.oob,
           'chargeCents', p.charge)
         FROM page p WHERE NOT EXISTS (SELECT 1 FROM line_terms s WHERE s.mvne_service_id = p.service_id)
         ON CONFLICT DO NOTHING
       )
       SELECT count(*) AS stored, coalesce(array_agg(DISTINCT line_id), '{}') AS lines FROM ins`,
      [
        cols.seq,
        cols.service,
        cols.started,
        cols.kind,
        cols.scope,
        cols.direction,
        cols.country,
        cols.volume,
        cols.bucket,
        cols.oob,
        cols.charge,
        cols.minutes,
      ],
    );
    return { stored: Number(rows[0]?.stored ?? 0), lines: rows[0]?.lines ?? [] };
  },

  /** Keeps aside records that are not what a usage record must be, under the service id 'invalid'. */
  async keepInvalid(db: Queryable, records: { sequence: number; record: unknown }[]) {
    await db.query(
      `INSERT INTO usage_orphans (mvne_sequence, service_id, record)
       SELECT seq, 'invalid', rec FROM unnest($1::bigint[], $2::jsonb[]) AS r(seq, rec) ON CONFLICT DO NOTHING`,
      [records.map((r) => r.sequence), records.map((r) => JSON.stringify(r.record))],
    );
  },

  /** Takes out the kept-aside records whose service a line now has, to be stored by the caller. */
  async adoptOrphans(db: Queryable): Promise<StoredRecord[]> {
    const { rows } = await db.query<{ record: StoredRecord }>(
      `DELETE FROM usage_orphans o USING line_terms s WHERE s.mvne_service_id = o.service_id
       RETURNING o.record`,
    );
    return rows.map((r) => r.record);
  },

  /**
   * Local use per Singapore day and kind between two days (inclusive), summed over the lines: data,
   * and the calls made and SMS sent (what the buckets count; received ones are free).
   */
  async daily(db: Queryable, lineIds: string[], from: string, to: string) {
    const { rows } = await db.query<{ day: string; kind: UsageKind; volume: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, kind, sum(volume) AS volume FROM usage_daily
       WHERE line_id = ANY($1::uuid[]) AND day BETWEEN $2::date AND $3::date AND scope = 'local'
         AND direction <> 'incoming'
       GROUP BY day, kind`,
      [lineIds, from, to],
    );
    return rows.map((r) => ({ day: r.day, kind: r.kind, volume: Number(r.volume) }));
  },

  /** Use between two days (inclusive) of one scope, summed per line, kind, direction and country. */
  async summary(db: Queryable, lineIds: string[], scope: UsageScope, from: string, to: string) {
    const { rows } = await db.query<{
      line_id: string;
      msisdn: string;
      kind: UsageKind;
      direction: '' | 'outgoing' | 'incoming';
      country: string;
      events: number;
      volume: string;
      minutes: string;
      out_of_bundle: string;
      charge_cents: string;
    }>(
      `SELECT d.line_id, s.msisdn, d.kind, d.direction, d.country, sum(d.events)::int AS events,
              sum(d.volume) AS volume, sum(d.minutes) AS minutes, sum(d.out_of_bundle) AS out_of_bundle, sum(d.charge_cents) AS charge_cents
       FROM usage_daily d JOIN line_terms s ON s.id = d.line_id
       WHERE d.line_id = ANY($1::uuid[]) AND d.scope = $2 AND d.day BETWEEN $3::date AND $4::date
       GROUP BY d.line_id, s.msisdn, d.kind, d.direction, d.country
       ORDER BY s.msisdn, d.kind, d.direction, d.country`,
      [lineIds, scope, from, to],
    );
    return rows.map((r) => ({
      lineId: r.line_id,
      msisdn: r.msisdn,
      kind: r.kind,
      direction: r.direction || null,
      country: r.country,
      events: r.events,
      volume: Number(r.volume),
      minutes: Number(r.minutes),
      outOfBundle: Number(r.out_of_bundle),
      chargeCents: Number(r.charge_cents),
    }));
  },

  /**
   * The lines to check for alerts, with whom to tell: the line's number, the account holder's email,
   * and the account's language.
   */
  async alertLines(db: Db, lineIds: string[]) {
    if (!lineIds.length) return [];
    return db
      .select({
        id: lineTerms.id,
        userId: lineTerms.userId,
        msisdn: lineTerms.msisdn,
        mvneServiceId: lineTerms.mvneServiceId,
        email: customerContacts.email,
        firstName: customerContacts.firstName,
        language: customerContacts.language,
        stopDataAtLimit: sql<boolean>`coalesce(${lineUsageSettings.stopDataAtLimit}, false)`,
      })
      .from(lineTerms)
      .innerJoin(customerContacts, eq(customerContacts.id, lineTerms.userId))
      .leftJoin(lineUsageSettings, eq(lineUsageSettings.lineId, lineTerms.id))
      .where(and(inArray(lineTerms.id, lineIds), inArray(lineTerms.state, ['active', 'suspended'])));
  },

  /** Records the thresholds of a bucket not recorded before; answers those it recorded now. */
  async recordAlerts(db: Queryable, lineId: string, bucketId: string, thresholds: number[]) {
    const { rows } = await db.query<{ threshold: number }>(
      `INSERT INTO usage_alerts (line_id, bucket_id, threshold, sent_at)
       SELECT $1, $2, t, now() FROM unnest($3::smallint[]) AS t ON CONFLICT DO NOTHING RETURNING threshold`,
      [lineId, bucketId, thresholds],
    );
    return rows.map((r) => r.threshold);
  },

  /** A page of records, newest first, by keyset on (started_at, sequence). */
  async records(db: Queryable, f: RecordFilter, limit: number): Promise<RecordRow[]> {
    const values: unknown[] = [f.lineIds, f.from, f.to];
    const where = ['r.line_id = ANY($1::uuid[])', 'r.started_at >= $2', 'r.started_at < $3'];
    if (f.kind) where.push(`r.kind = $${values.push(f.kind)}`);
    if (f.scope) where.push(`r.scope = $${values.push(f.scope)}`);
    if (f.bucket) where.push(`r.bucket = $${values.push(f.bucket)}`);
    if (f.before) {
      const at = values.push(f.before.startedAt);
      const seq = values.push(f.before.sequence);
      where.push(`(r.started_at, r.mvne_sequence) < ($${at}, $${seq})`);
    }
    const { rows } = await db.query<RecordRow>(
      `SELECT r.line_id, s.msisdn, r.started_at, r.mvne_sequence, r.kind, r.scope, r.direction, r.country,
              r.volume, r.bucket, r.out_of_bundle, r.charge_cents
       FROM usage_records r JOIN line_terms s ON s.id = r.line_id
       WHERE ${where.join(' AND ')}
       ORDER BY r.started_at DESC, r.mvne_sequence DESC LIMIT ${Number(limit)}`,
      values,
    );
    return rows;
  },

  async balances(db: Db, lineIds: string[]) {
    if (!lineIds.length) return [];
    return db.select().from(usageBalances).where(inArray(usageBalances.lineId, lineIds));
  },

  async saveBalances(db: Db, rows: { lineId: string; buckets: Bucket[]; readAt: Date }[]) {
    if (!rows.length) return;
    await db
      .insert(usageBalances)
      .values(rows)
      .onConflictDoUpdate({
        target: usageBalances.lineId,
        set: { buckets: sql`excluded.buckets`, readAt: sql`excluded.read_at` },
      });
  },

  async saveSettings(
    db: Db,
    lineId: string,
    settings: { rollover: boolean; stopDataAtLimit: boolean },
    now: Date,
  ) {
    await db
      .insert(lineUsageSettings)
      .values({ lineId, ...settings, updatedAt: now })
      .onConflictDoUpdate({ target: lineUsageSettings.lineId, set: { ...settings, updatedAt: now } });
  },

  async lineOptions(db: Db, lineId: string) {
    const [row] = await db
      .select({
        mvneServiceId: lineTerms.mvneServiceId,
        rollover: sql<boolean>`coalesce(${lineUsageSettings.rollover}, false)`,
        stopDataAtLimit: sql<boolean>`coalesce(${lineUsageSettings.stopDataAtLimit}, false)`,
      })
      .from(lineTerms)
      .leftJoin(lineUsageSettings, eq(lineUsageSettings.lineId, lineTerms.id))
      .where(eq(lineTerms.id, lineId));
    return row;
  },

  async importedUpTo(db: Db) {
    const [row] = await db.select().from(usageImportCursor).where(eq(usageImportCursor.source, MVNE_SOURCE));
    return row ?? null;
  },
};
