import { createHash } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { withSchemaLock } from '../db/migrate.ts';
import {
  JOB_OUTCOMES,
  jobDuration,
  jobRuns,
  queueFailed,
  queueOldest,
  queueRetrying,
  queueWaiting,
} from '../metrics.ts';
import { contextFrom, inSpan, traceHeaders } from '../tracing.ts';

/**
 * How a job is kept from being queued twice. pg-boss's own singleton key does nothing on a standard
 * queue (its unique indexes cover the short, singleton and stately policies and singletonSeconds
 * only), so neither option relies on it alone.
 */
export type SendOptions = Omit<PgBoss.SendOptions, 'singletonKey' | 'id' | 'db'> & {
  /**
   * What the job is, once for good: its id is made from it, and pg-boss keeps the first job with an
   * id (an hour after it completes, a week after it fails). For an event's message ('passkey-added:'
   * and its row's id) and for a job's follow-ups (a handler run again queues none twice).
   */
  once?: string;
  /** What the job works on (a line's id), kept with it so that `sendUnlessWaiting` finds it. */
  key?: string;
};

/**
 * A job id made from `key`: the same UUID (v5-shaped, from SHA-1) for the same key. Given as a job's
 * id, pg-boss keeps the first, so a job sent twice with one key is queued once.
 */
export function jobIdOf(key: string): string {
  const h = createHash('sha1').update(`selfcare-job:${key}`).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x50;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** Settings a job kind's expiry may depend on. */
export interface JobLimits {
  mvneTimeoutMs: number;
}

/** A job: its queue name, its payload schema, its retry policy and its expiry. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * How long a worker may hold a job before it is taken as lost (the worker crashed or hung) and
   * handed out again as a retry. Longer than the job can honestly take, or it runs twice at once.
   */
  expireInSeconds: number | ((limits: JobLimits) => number);
  /**
   * How many of these a worker runs at once: `messages` for email and SMS, cheap to send side by side
   * (MESSAGE_BATCH_SIZE), else the default (JOB_BATCH_SIZE) for calls that load an outside system.
   */
  batch?: 'messages';
  /**
   * The queue that gets a copy of a job that failed its last retry (pg-boss writes it in the same
   * statement that fails the job, so a crash or an expiry on the last try is not lost). Its
   * definition comes before this one in the module's list: the queue must exist first.
   */
  deadLetter?: string;
}

/**
 * The expiry of a job that makes one MVNE call: the call's own timeout, plus room for our database
 * work around it. A crashed worker's call is handed out again soon after the MVNE would have answered.
 */
export const oneMvneCall = (limits: JobLimits) => limits.mvneTimeoutMs / 1000 + 30;

/**
 * A job that makes one MVNE call: retried with backoff through an MVNE outage (about a day and a
 * half), and handed out again soon after a crashed worker's call would have been answered.
 */
export const mvneCallRetries = {
  retryLimit: 16,
  retryDelaySeconds: 2,
  expireInSeconds: oneMvneCall,
} as const;

/** An hourly sweep handing what the network has not taken to its job again: minutes to run, a few tries. */
export const hourlySweepRetries = { retryLimit: 4, retryDelaySeconds: 60, expireInSeconds: 15 * 60 } as const;

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

export type JobHandler<S extends z.ZodType> = (
  data: z.infer<S>,
  job: { id: string; retryCount: number },
) => Promise<void>;

export interface QueueOptions {
  /** Jobs of one kind a worker takes per poll and runs at once. */
  batchSize?: number;
  /** The same for email and SMS (`batch: 'messages'`). */
  messageBatchSize?: number;
  /** How often expired jobs are looked for (and old ones archived): a lost job waits up to its expiry plus this. */
  maintenanceIntervalSeconds?: number;
  limits?: JobLimits;
}

/** The schema pg-boss keeps its jobs in: the erasure of an account forgets the messages queued for it. */
export const QUEUE_SCHEMA = 'pgboss';

/**
 * Deletes the jobs whose row matches `where` (SQL over pg-boss's columns, `data` among them, with
 * `params`), waiting or done, and their archived copies: an erasure forgets what they carry. A job
 * being run at this moment is left to finish.
 */
export async function forgetJobs(
  db: Pick<pg.ClientBase, 'query'>,
  where: string,
  params: unknown[],
): Promise<void> {
  await db.query(`DELETE FROM ${QUEUE_SCHEMA}.job WHERE state <> 'active' AND (${where})`, params);
  await db.query(`DELETE FROM ${QUEUE_SCHEMA}.archive WHERE ${where}`, params);
}

/** Where a job's data carries the trace it was sent in; the payload's schema drops it. */
const TRACE = '_trace';

/** The payload, with the current trace's W3C headers when there is one. */
function withTrace(payload: unknown): object {
  const headers = traceHeaders();
  return Object.keys(headers).length > 0 ? { ...(payload as object), [TRACE]: headers } : (payload as object);
}

interface QueueRow {
  name: string;
  waiting: number;
  oldest: number;
  retrying: number;
  failed: number;
}

export class Queue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<z.ZodType>>();
  private readonly batchSize: number;
  private readonly messageBatchSize: number;
  private readonly limits: JobLimits;

  constructor(
    private readonly connectionString: string,
    private readonly pollSeconds: number,
    options: QueueOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 10;
    this.messageBatchSize = options.messageBatchSize ?? this.batchSize;
    this.limits = options.limits ?? { mvneTimeoutMs: 5000 };
    this.boss = new PgBoss({
      connectionString,
      max: 3,
      schema: QUEUE_SCHEMA,
      archiveCompletedAfterSeconds: 3600,
      // Failed jobs stay where /metrics counts them (and staff can read their error) for a week.
      archiveFailedAfterSeconds: 7 * 86_400,
      deleteAfterDays: 7,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 10,
    });
    this.boss.on('error', () => {}); // pg-boss reports transient poll errors here; the next poll retries
  }

  /**
   * Starts pg-boss (creating or migrating its schema) and creates or updates the queues, all under the
   * schema lock our migrations take, so that processes starting at once take turns.
   */
  async start(definitions: JobDefinition<z.ZodType>[]): Promise<void> {
    await this.underSchemaLock(async () => {
      await this.boss.start();
      const existing = new Map((await this.boss.getQueues()).map((q) => [q.name, q]));
      for (const def of definitions) await this.ensureQueue(def, existing.get(def.name) ?? null);
    });
  }

  /** Creates a job's queue with its policy, or brings an existing one's policy up to date. */
  async define(def: JobDefinition<z.ZodType>): Promise<void> {
    await this.underSchemaLock(async () => this.ensureQueue(def, await this.boss.getQueue(def.name)));
  }

  /** What pg-boss stores for `def`'s queue. */
  private policyOf(def: JobDefinition<z.ZodType>) {
    const expire = def.expireInSeconds;
    return {
      retryLimit: def.retryLimit ?? 8,
      retryDelay: def.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: Math.ceil(typeof expire === 'function' ? expire(this.limits) : expire),
      ...(def.deadLetter ? { deadLetter: def.deadLetter } : {}),
    };
  }

  private async ensureQueue(def: JobDefinition<z.ZodType>, existing: PgBoss.QueueResult | null) {
    this.definitions.set(def.name, def);
    const policy = this.policyOf(def);
    if (!existing) {
      await this.boss.createQueue(def.name, { name: def.name, ...policy });
      return;
    }
    // createQueue leaves an existing queue as it was: a database made before a policy changed gets
    // the new one here. Jobs already waiting keep the expiry they were sent with.
    const same =
      existing.retryLimit === policy.retryLimit &&
      existing.retryDelay === policy.retryDelay &&
      existing.retryBackoff === policy.retryBackoff &&
      existing.expireInSeconds === policy.expireInSeconds &&
      (existing.deadLetter ?? undefined) === policy.deadLetter;
    if (!same) await this.boss.updateQueue(def.name, { name: def.name, ...policy });
  }

  private async underSchemaLock<T>(fn: () => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('error', () => {}); // a dropped connection fails the query in flight, which is reported
    await client.connect();
    try {
      return await withSchemaLock(client, fn);
    } finally {
      await client.end().catch(() => {});
    }
  }

  /**
   * Enqueues a job. Given the transaction that changes the state, the job is committed with it or not
   * at all, so a request never promises a message it did not record. `once` and `key` keep a job
   * from being queued twice (see SendOptions); null when it was not queued.
   */
  async send<S extends z.ZodType>(
    def: JobDefinition<S>,
    data: z.infer<S>,
    tx?: Tx,
    options: SendOptions = {},
  ): Promise<string | null> {
    const { once, key, ...rest } = options;
    const payload = withTrace(def.payload.parse(data));
    const db = tx
      ? { executeSql: (text: string, values: unknown[]) => tx.client.query(text, values) }
      : undefined;
    return this.boss.send(def.name, payload as object, {
      ...rest,
      ...(once ? { id: jobIdOf(`${def.name}:${once}`) } : {}),
      ...(key ? { singletonKey: key } : {}),
      ...(db ? { db } : {}),
    });
  }

  /**
   * Enqueues many jobs of one kind in one statement (in `tx`, like `send`), each with its own `once`
   * key (a job whose id is queued already is not queued again); the queue's policy applies to
   * each. Nothing is sent for an empty list.
   */
  async sendMany<S extends z.ZodType>(
    def: JobDefinition<S>,
    jobs: { data: z.infer<S>; once?: string }[],
    tx?: Tx,
  ): Promise<void> {
    if (jobs.length === 0) return;
    const rows = jobs.map((j) => ({
      name: def.name,
      data: withTrace(def.payload.parse(j.data)),
      ...(j.once ? { id: jobIdOf(`${def.name}:${j.once}`) } : {}),
    }));
    const db = tx
      ? { executeSql: (text: string, values: unknown[]) => tx.client.query(text, values) }
      : undefined;
    await this.boss.insert(rows, db ? { db } : {});
  }

  /**
   * Hands work to its jobs again (a sweep of what the MVNE has not taken), one job a `key`, in three
   * statements however many: none for a key whose job waits, runs or waits to be retried, and one
   * waiting for its retry is made due now, not left to a backoff hours long. A sweep's job is one a
   * key an hour, kept so by the database too (pg-boss's singleton index holds on every policy with
   * singletonSeconds), should two sweeps run at once. How many were queued.
   */
  async sendUnlessWaiting<S extends z.ZodType>(
    def: JobDefinition<S>,
    items: { data: z.infer<S>; key: string }[],
  ): Promise<number> {
    if (items.length === 0) return 0;
    const waiting = await this.waitingOrDue(
      def,
      items.map((i) => i.key),
    );
    const rows = items
      .filter((i) => !waiting.has(i.key))
      .map((i) => ({
        name: def.name,
        data: withTrace(def.payload.parse(i.data)),
        singletonKey: i.key,
        singletonSeconds: 3600,
      }));
    if (rows.length > 0) await this.boss.insert(rows);
    return rows.length;
  }

  /**
   * The keys (SendOptions.key) of `def`'s jobs that wait, run or wait to be retried; one waiting for
   * its retry is made due now. Its backoff may have put it a day off (a sixteenth try), which would
   * hold the work that long after the outage ended: a sweep hands it on within the hour instead.
   */
  private async waitingOrDue(def: JobDefinition<z.ZodType>, keys: string[]): Promise<Set<string>> {
    const run = async <R>(sql: string): Promise<R[]> =>
      ((await this.boss.getDb().executeSql(sql, [def.name, keys])) as { rows: R[] }).rows;
    await run(`UPDATE ${QUEUE_SCHEMA}.job SET start_after = now()
      WHERE name = $1 AND singleton_key = ANY($2::text[]) AND state = 'retry' AND start_after > now()`);
    const rows = await run<{ key: string }>(`SELECT DISTINCT singleton_key AS key FROM ${QUEUE_SCHEMA}.job
      WHERE name = $1 AND singleton_key = ANY($2::text[]) AND state < 'completed'`);
    return new Set(rows.map((r) => r.key));
  }

  /**
   * Runs `handler` for each job of `def`'s queue: up to `batchSize` jobs a poll, at once, so a burst
   * (a thousand confirmation emails) clears in seconds rather than one job a poll. Each job succeeds or
   * fails on its own: a failed one is handed back for its retry, the rest complete. A full batch means
   * more are waiting: the next is fetched at once instead of after the polling interval, so a backlog
   * drains as fast as the handlers run, and an idle queue is still polled only every interval.
   */
  async work<S extends z.ZodType>(def: JobDefinition<S>, handler: JobHandler<S>): Promise<void> {
    const batchSize = def.batch === 'messages' ? this.messageBatchSize : this.batchSize;
    // Each outcome's series from 0, so that an alert on its first increase sees it rise.
    for (const outcome of JOB_OUTCOMES) jobRuns.inc({ queue: def.name, outcome }, 0);
    let workerId: string | undefined;
    workerId = await this.boss.work<z.infer<S>>(
      def.name,
      { pollingIntervalSeconds: this.pollSeconds, batchSize, includeMetadata: true },
      async (jobs) => {
        if (jobs.length >= batchSize && workerId) this.boss.notifyWorker(workerId);
        const outcomes = await Promise.allSettled(
          jobs.map(async (job) => {
            const end = jobDuration.startTimer({ queue: def.name });
            // The trace of whatever sent the job goes on here (ADR 0054); its payload never sees it.
            const sentIn = contextFrom((job.data as { [TRACE]?: Record<string, string> })?.[TRACE]);
            try {
              await inSpan(
                `job ${def.name}`,
                { kind: SpanKind.CONSUMER },
                () => handler(def.payload.parse(job.data), { id: job.id, retryCount: job.retryCount }),
                sentIn,
              );
              jobRuns.inc({ queue: def.name, outcome: 'completed' });
            } catch (err) {
              // pg-boss's own rule, with the limit the job was sent with. A job pg-boss times out is
              // retried or failed without this catch: the queue's gauges show it.
              const outcome = job.retryCount < job.retryLimit ? 'retried' : 'failed';
              jobRuns.inc({ queue: def.name, outcome });
              throw err;
            } finally {
              end();
            }
          }),
        );
        await Promise.all(
          outcomes.map((o, i) => {
            const job = jobs[i];
            if (o.status === 'fulfilled' || !job) return undefined;
            const reason = o.reason as Error;
            return this.boss.fail(def.name, job.id, { message: String(reason?.message ?? reason) });
          }),
        );
      },
    );
  }

  /**
   * Sets the queues' gauges from pg-boss's table, as `/metrics` is scraped: per queue, the jobs due
   * and not taken and the age of the oldest, those waiting to be tried again, and those out of tries.
   */
  async readMetrics(): Promise<void> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
              coalesce(extract(epoch FROM now() - min(start_after)
                FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float AS oldest,
              count(*) FILTER (WHERE state = 'retry')::int AS retrying,
              count(*) FILTER (WHERE state = 'failed')::int AS failed
         FROM ${QUEUE_SCHEMA}.job
        WHERE state IN ('created', 'retry', 'active', 'failed')
        GROUP BY name`,
      [],
    );
    const found = new Map(rows.map((r: QueueRow) => [r.name, r]));
    for (const gauge of [queueWaiting, queueOldest, queueRetrying, queueFailed]) gauge.reset();
    for (const queue of this.definitions.keys()) {
      const row = found.get(queue);
      queueWaiting.set({ queue }, row?.waiting ?? 0);
      queueOldest.set({ queue }, row?.oldest ?? 0);
      queueRetrying.set({ queue }, row?.retrying ?? 0);
      queueFailed.set({ queue }, row?.failed ?? 0);
    }
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
