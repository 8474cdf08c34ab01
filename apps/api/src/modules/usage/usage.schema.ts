import type { Bucket } from '@selfcare/domain/contracts/usage';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import type { MvneUsageRecord } from '../../integrations/mvne.ts';
import { subscriptions } from '../lines/lines.schema.ts';

/**
 * One rated event from the MVNE (a data session, a call, an SMS), as imported. The migration makes it
 * a table partitioned by month of `started_at` (ADR 0022); the import creates each month's partition
 * before it writes into it. The key leads with the line, so a line's records page by time from the
 * index, and a record imported twice (same sequence, same line and start) is the same row.
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    lineId: uuid('line_id').notNull(),
    startedAt: ts('started_at').notNull(),
    mvneSequence: bigint('mvne_sequence', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['data', 'voice', 'sms'] }).notNull(),
    scope: text('scope', { enum: ['local', 'idd', 'roaming'] }).notNull(),
    direction: text('direction', { enum: ['outgoing', 'incoming'] }),
    country: text('country').notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull(),
    bucket: text('bucket'),
    outOfBundle: bigint('out_of_bundle', { mode: 'number' }).notNull(),
    chargeCents: integer('charge_cents').notNull(),
  },
  (t) => [
    primaryKey({ name: 'usage_records_pkey', columns: [t.lineId, t.startedAt, t.mvneSequence] }),
    check('usage_records_kind_check', sql`${t.kind} IN ('data', 'voice', 'sms')`),
    check('usage_records_scope_check', sql`${t.scope} IN ('local', 'idd', 'roaming')`),
    check('usage_records_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * A line's use per Singapore day, kind, direction ('' for data), scope and country: what the
 * dashboards' totals and charts read, so they never scan the records. Written in the same statement
 * as the records it sums.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    lineId: uuid('line_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['data', 'voice', 'sms'] }).notNull(),
    direction: text('direction', { enum: ['', 'outgoing', 'incoming'] }).notNull(),
    scope: text('scope', { enum: ['local', 'idd', 'roaming'] }).notNull(),
    country: text('country').notNull(),
    events: integer('events').notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull(),
    /** Calls: the minutes charged, each call by the started minute (chargedMinutes); 0 for data and SMS. */
    minutes: bigint('minutes', { mode: 'number' }).notNull().default(0),
    outOfBundle: bigint('out_of_bundle', { mode: 'number' }).notNull(),
    chargeCents: bigint('charge_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'usage_daily_pkey',
      columns: [t.lineId, t.day, t.kind, t.direction, t.scope, t.country],
    }),
  ],
);

/**
 * Records naming a service no line of ours has yet (the MVNE rated use before we stored its service
 * id): kept as the MVNE gave them, and moved into usage_records once a line has that service.
 */
export const usageOrphans = pgTable(
  'usage_orphans',
  {
    mvneSequence: bigint('mvne_sequence', { mode: 'number' }).primaryKey(),
    serviceId: text('service_id').notNull(),
    record: jsonb('record').$type<Omit<MvneUsageRecord, 'id' | 'units'>>().notNull(),
  },
  (t) => [index('usage_orphans_service_idx').on(t.serviceId)],
);

/** The usage alerts sent: one per line, bucket (a month's) and threshold, however often checked. */
export const usageAlerts = pgTable(
  'usage_alerts',
  {
    lineId: uuid('line_id')
      .notNull()
      .references(() => subscriptions.id),
    bucketId: text('bucket_id').notNull(),
    threshold: smallint('threshold').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ name: 'usage_alerts_pkey', columns: [t.lineId, t.bucketId, t.threshold] })],
);

/** How far the import has read the MVNE's usage records: the last sequence stored. */
export const usageImportCursor = pgTable(
  'usage_import_cursor',
  {
    source: text('source').primaryKey(),
    lastSequence: bigint('last_sequence', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [check('usage_import_cursor_sequence_check', sql`${t.lastSequence} >= 0`)],
);

/**
 * A line's buckets as the MVNE last gave them, and when: read again after 30 s, and shown with their
 * time when the MVNE does not answer.
 */
export const usageBalances = pgTable('usage_balances', {
  lineId: uuid('line_id')
    .primaryKey()
    .references(() => subscriptions.id),
  buckets: jsonb('buckets').$type<Bucket[]>().notNull(),
  readAt: ts('read_at').notNull(),
});

/** A line's usage options: data rollover and the stop at 100%, as last asked of the MVNE. */
export const lineUsageSettings = pgTable('line_usage_settings', {
  lineId: uuid('line_id')
    .primaryKey()
    .references(() => subscriptions.id),
  rollover: boolean('rollover').notNull().default(false),
  stopDataAtLimit: boolean('stop_data_at_limit').notNull().default(false),
  updatedAt: ts('updated_at').notNull(),
});
