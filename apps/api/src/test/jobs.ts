import { until } from './fulfilment.ts';
import type { TestApp } from './harness.ts';

export interface JobRow {
  id: string;
  name: string;
  state: string;
  retryCount: number;
}

/** Waiting to run, running, or failed and due again. */
const UNFINISHED = ['created', 'retry', 'active'];

/** Every job (pg-boss keeps finished ones for an hour) whose payload holds `about`: an address, a number, an id. */
export async function jobsAbout(t: TestApp, about: string): Promise<JobRow[]> {
  const { rows } = await t.ctx.database.pool.query<JobRow>(
    `SELECT id, name, state, retry_count AS "retryCount" FROM pgboss.job
      WHERE strpos(data::text, $1) > 0 ORDER BY created_on, id`,
    [about],
  );
  return rows;
}

/**
 * Waits until no job about `about` is waiting or running, and returns them all. A job that makes
 * another (a notice that sends an email) makes it before it completes, so once none is unfinished
 * everything the system was going to send about `about` has been sent: a test may then assert what
 * did not arrive, instead of sleeping and hoping that was long enough.
 */
export async function settledJobs(t: TestApp, about: string, timeoutMs = 20_000): Promise<JobRow[]> {
  const settled = (jobs: JobRow[]) => !jobs.some((j) => UNFINISHED.includes(j.state));
  const jobs = await jobWhen(t, about, settled, timeoutMs);
  if (!settled(jobs)) throw new Error(`jobs about ${about} still unfinished: ${JSON.stringify(jobs)}`);
  return jobs;
}

/** Waits until the jobs about `about` are as `ok` wants them (or the time is up) and returns the last read. */
export function jobWhen(
  t: TestApp,
  about: string,
  ok: (jobs: JobRow[]) => boolean,
  timeoutMs = 20_000,
): Promise<JobRow[]> {
  return until(() => jobsAbout(t, about), ok, timeoutMs);
}

/** The job's (pg-boss) state once it is no longer waiting or running. */
export function finishedJob(t: TestApp, id: string, timeoutMs = 20_000): Promise<string> {
  const state = async () => {
    const { rows } = await t.ctx.database.pool.query<{ state: string }>(
      'SELECT state FROM pgboss.job WHERE id = $1',
      [id],
    );
    return rows[0]?.state ?? 'missing';
  };
  return until(state, (s) => !UNFINISHED.includes(s), timeoutMs);
}

/**
 * Waits until the jobs of kind `name` the worker queued when it started have run: a test whose
 * records such a job would act on (a card deduction on a past bill) makes them after it.
 */
export async function startJobsDone(t: TestApp, name: string, timeoutMs = 20_000) {
  const unfinished = async () =>
    Number(
      (
        await t.ctx.database.pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND state::text = ANY($2::text[])`,
          [name, UNFINISHED],
        )
      ).rows[0]?.n,
    );
  const left = await until(unfinished, (n) => n === 0, timeoutMs);
  if (left > 0) throw new Error(`${left} ${name} jobs still unfinished`);
}
