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
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await jobsAbout(t, about);
    if (!jobs.some((j) => UNFINISHED.includes(j.state))) return jobs;
    if (Date.now() > deadline) {
      throw new Error(`jobs about ${about} still unfinished: ${JSON.stringify(jobs)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the jobs about `about` are as `ok` wants them (or the time is up) and returns the last read. */
export async function jobWhen(
  t: TestApp,
  about: string,
  ok: (jobs: JobRow[]) => boolean,
  timeoutMs = 20_000,
): Promise<JobRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await jobsAbout(t, about);
    if (ok(jobs) || Date.now() > deadline) return jobs;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The job's (pg-boss) state once it is no longer waiting or running. */
export async function finishedJob(t: TestApp, id: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await t.ctx.database.pool.query<{ state: string }>(
      'SELECT state FROM pgboss.job WHERE id = $1',
      [id],
    );
    const state = rows[0]?.state ?? 'missing';
    if (!UNFINISHED.includes(state) || Date.now() > deadline) return state;
    await new Promise((r) => setTimeout(r, 100));
  }
}
