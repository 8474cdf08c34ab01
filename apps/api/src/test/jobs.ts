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
