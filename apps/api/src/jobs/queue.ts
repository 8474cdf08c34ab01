import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Tx } from '../db/client.ts';

/** A job: its queue name, its payload schema and its retry policy. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

export type JobHandler<S extends z.ZodType> = (
  data: z.infer<S>,
  job: { id: string; retryCount: number },
) => Promise<void>;

export class Queue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<z.ZodType>>();

  constructor(
    connectionString: string,
    private readonly pollSeconds: number,
    /** Jobs of one kind a worker takes per poll and runs at once. */
    private readonly batchSize = 10,
  ) {
    this.boss = new PgBoss({
      connectionString,
      max: 3,
      schema: 'pgboss',
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 7,
    });
    this.boss.on('error', () => {}); // pg-boss reports transient poll errors here; the next poll retries
  }

  async start(definitions: JobDefinition<z.ZodType>[]): Promise<void> {
    await this.boss.start();
    for (const def of definitions) await this.define(def);
  }

  /** Creates a job's queue with its retry policy (if it is not there yet); the queue must be started. */
  async define(def: JobDefinition<z.ZodType>): Promise<void> {
    this.definitions.set(def.name, def);
    await this.boss.createQueue(def.name, {
      name: def.name,
      retryLimit: def.retryLimit ?? 8,
      retryDelay: def.retryDelaySeconds ?? 5,
      retryBackoff: true,
    });
  }

  /**
   * Enqueues a job. Given the transaction that changes the state, the job is committed with it or not
   * at all, so a request never promises a message it did not record.
   */
  async send<S extends z.ZodType>(
    def: JobDefinition<S>,
    data: z.infer<S>,
    tx?: Tx,
    options: PgBoss.SendOptions = {},
  ) {
    const payload = def.payload.parse(data);
    const db = tx
      ? { executeSql: (text: string, values: unknown[]) => tx.client.query(text, values) }
      : undefined;
    return this.boss.send(def.name, payload as object, { ...options, ...(db ? { db } : {}) });
  }

  /**
   * Runs `handler` for each job of `def`'s queue: up to `batchSize` jobs a poll, at once, so a burst
   * (a thousand confirmation emails) clears in seconds rather than one job a poll. Each job succeeds or
   * fails on its own: a failed one is handed back for its retry, the rest complete.
   */
  async work<S extends z.ZodType>(def: JobDefinition<S>, handler: JobHandler<S>): Promise<void> {
    await this.boss.work<z.infer<S>>(
      def.name,
      { pollingIntervalSeconds: this.pollSeconds, batchSize: this.batchSize, includeMetadata: true },
      async (jobs) => {
        const outcomes = await Promise.allSettled(
          jobs.map((job) => handler(def.payload.parse(job.data), { id: job.id, retryCount: job.retryCount })),
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

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
