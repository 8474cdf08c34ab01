import { Messages } from '@selfcare/domain';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
  /** Message for a refused attempt; defaults to "Too many attempts ...". */
  message?: (waitSeconds: number) => string;
}

/** Limits that protect secrets and code sends. Windows slide, so nobody is locked out for good. */
export const Limits = {
  loginPerAccount: { max: 5, windowSeconds: 15 * 60 },
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** Checks of codes sent for other purposes (CIS): each code also voids itself after 5 wrong tries. */
  codeChecksPerAccount: { max: 10, windowSeconds: 15 * 60 },
  otpResend: { max: 1, windowSeconds: 60, message: (s: number) => Messages.otpResendWait(s) },
  otpSendPerNumber: { max: 5, windowSeconds: 60 * 60 },
  otpSendPerIp: { max: 20, windowSeconds: 60 * 60 },
  forgotPerEmail: { max: 3, windowSeconds: 60 * 60 },
  forgotPerIp: { max: 20, windowSeconds: 60 * 60 },
  confirmResend: {
    max: 1,
    windowSeconds: 60,
    message: (s: number) => Messages.otpResendWait(s).replace('code', 'link'),
  },
  confirmPerHour: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** Counts events per key in the database, so that every API process shares one count. */
export class Throttle {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** Throws 429 when `key` already has `limit.max` events inside the window. */
  async check(key: string, limit: Limit): Promise<void> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - limit.windowSeconds * 1000);
    const r = await this.database.pool.query<{ n: number; oldest: Date | null }>(
      `SELECT count(*)::int AS n, min(created_at) AS oldest
         FROM (SELECT created_at FROM throttle_events WHERE key = $1 AND created_at > $2
               ORDER BY created_at DESC LIMIT $3) recent`,
      [key, since, limit.max],
    );
    const row = r.rows[0];
    if (row && row.n >= limit.max && row.oldest) {
      const waitSeconds = Math.max(
        1,
        Math.ceil((row.oldest.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
      );
      const message = limit.message
        ? limit.message(waitSeconds)
        : Messages.tooManyAttempts(Math.ceil(waitSeconds / 60));
      throw new AppError(429, message, { retryAfterSeconds: waitSeconds });
    }
  }

  async record(key: string): Promise<void> {
    await this.database.pool.query('INSERT INTO throttle_events (key, created_at) VALUES ($1, $2)', [
      key,
      this.clock.now(),
    ]);
  }

  /** Checks every limit first, then counts the event under each key. */
  async consume(entries: [key: string, limit: Limit][]): Promise<void> {
    for (const [key, limit] of entries) await this.check(key, limit);
    for (const [key] of entries) await this.record(key);
  }

  async clear(key: string): Promise<void> {
    await this.database.pool.query('DELETE FROM throttle_events WHERE key = $1', [key]);
  }

  /** Old events are useless after the longest window; a daily job removes them. */
  async prune(olderThanSeconds = 24 * 60 * 60): Promise<number> {
    const r = await this.database.pool.query('DELETE FROM throttle_events WHERE created_at < $1', [
      new Date(this.clock.now().getTime() - olderThanSeconds * 1000),
    ]);
    return r.rowCount ?? 0;
  }
}
