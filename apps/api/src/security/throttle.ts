import { isIPv6 } from 'node:net';
import { Messages } from '@selfcare/domain';
import type { Clock } from '../clock.ts';
import type { Database, Tx } from '../db/client.ts';
import { AppError } from '../errors.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
  /** Message for a refused attempt; defaults to "Too many attempts ...". */
  message?: (waitSeconds: number) => string;
}

const QUARTER_HOUR = 15 * 60;

/** Limits that protect secrets and code sends. Windows slide, so nobody is locked out for good. */
export const Limits = {
  /** Sign-ins to one account from one client: the lockout a guesser meets (ADR 0015). */
  loginPerClient: { max: 5, windowSeconds: QUARTER_HOUR },
  /** Sign-ins from one client, whatever the account. */
  loginPerIp: { max: 30, windowSeconds: QUARTER_HOUR },
  /** Sign-ins to one account from every client together: bounds guessing spread over many addresses. */
  loginPerAccount: { max: 50, windowSeconds: QUARTER_HOUR },
  /** The owner is told of repeated failures at most once a quarter of an hour. */
  signInAlert: { max: 1, windowSeconds: QUARTER_HOUR },
  /** Checks of codes sent for other purposes (CIS): each code also voids itself after 5 wrong tries. */
  codeChecksPerAccount: { max: 10, windowSeconds: QUARTER_HOUR },
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
  /** Someone registered with an address that has an account: its owner is told at most this often. */
  registrationNoticeEmail: { max: 1, windowSeconds: 60 * 60 },
  /** The same for a mobile number, told by SMS, which costs money: once a day. */
  registrationNoticeSms: { max: 1, windowSeconds: 24 * 60 * 60 },
  /** Checks of the current password (a password change, a termination): the login's lockout. */
  passwordChecksPerAccount: { max: 5, windowSeconds: QUARTER_HOUR },
  /** Order step 3's "ID number already registered" check, per customer (ADR 0018). */
  idNumberChecks: { max: 10, windowSeconds: QUARTER_HOUR },
} satisfies Record<string, Limit>;

/**
 * The client an address stands for in a throttle key. An IPv6 host is given a whole /64 and can
 * change address within it at will, so the /64 is the client; an IPv4 address is itself.
 */
export function clientOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(ip)) return ip;
  const halves = ip.split('::');
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  // A trailing dotted IPv4 part fills two groups.
  const width = (gs: string[]) => gs.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const all =
    halves.length === 2 ? [...left, ...Array(8 - width(left) - width(right)).fill('0'), ...right] : left;
  const prefix = all.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** Events taken by one reservation, which a caller may give back (a sign-in that succeeded). */
export interface Reservation {
  ids: string[];
}

type Entry = [key: string, limit: Limit];

interface Count {
  n: number;
  oldest: Date | null;
}

/**
 * Counts events per key in the database, so that every API process shares one count. An event is
 * reserved before the guarded work is done, in one transaction that holds a lock on each key, so
 * concurrent requests cannot all see room for one more.
 */
export class Throttle {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** Throws 429 when `key` already has `limit.max` events inside the window; counts nothing. */
  async check(key: string, limit: Limit): Promise<void> {
    const [count] = await this.counts(this.database.pool, [[key, limit]], this.clock.now());
    if (count && count.n >= limit.max) throw this.refusal(count, limit);
  }

  /**
   * Takes one event under every key, or none: throws 429 for the first entry whose window is full.
   * Given the caller's transaction, the events are taken in it (and its lock held until it ends).
   */
  async reserve(entries: Entry[], tx?: Tx): Promise<Reservation> {
    const taken = await this.tryReserve(entries, tx);
    if ('refused' in taken) throw taken.refused;
    return taken;
  }

  /** As `reserve`, but a full window is answered rather than thrown, so the caller's transaction lives on. */
  async tryReserve(entries: Entry[], tx?: Tx): Promise<Reservation | { refused: AppError }> {
    if (!tx) return this.database.transaction((own) => this.tryReserve(entries, own));
    const keys = entries.map(([key]) => key);
    // Locks are taken in one order (by the hash they lock), so two reservations never wait on each
    // other. Counting is a later statement, so its snapshot sees what the lock's last holder wrote.
    await tx.client.query(
      `SELECT count(pg_advisory_xact_lock(h))
         FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest($1::text[]) AS k ORDER BY 1) locks`,
      [keys],
    );
    const now = this.clock.now();
    const counts = await this.counts(tx.client, entries, now);
    for (const [i, [, limit]] of entries.entries()) {
      const count = counts[i];
      if (count && count.n >= limit.max) return { refused: this.refusal(count, limit) };
    }
    const r = await tx.client.query<{ id: string }>(
      `INSERT INTO throttle_events (key, created_at) SELECT k, $2 FROM unnest($1::text[]) AS k RETURNING id`,
      [keys, now],
    );
    return { ids: r.rows.map((row) => String(row.id)) };
  }

  /** Gives back a reservation's events: the attempt they stood for did not count. */
  async release(reservation: Reservation): Promise<void> {
    if (!reservation.ids.length) return;
    await this.database.pool.query('DELETE FROM throttle_events WHERE id = ANY($1::bigint[])', [
      reservation.ids,
    ]);
  }

  /** Events under `key` inside the last `windowSeconds`. */
  async count(key: string, windowSeconds: number): Promise<number> {
    const since = new Date(this.clock.now().getTime() - windowSeconds * 1000);
    const r = await this.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM throttle_events WHERE key = $1 AND created_at > $2',
      [key, since],
    );
    return r.rows[0]?.n ?? 0;
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

  /** Per entry, the newest `max` events inside its window: how many, and the oldest of them. */
  private async counts(
    db: { query: Database['pool']['query'] },
    entries: Entry[],
    now: Date,
  ): Promise<Count[]> {
    const r = await db.query<Count & { i: number }>(
      `SELECT u.i::int AS i, c.n, c.oldest
         FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS u(key, max, seconds, i)
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS n, min(created_at) AS oldest
             FROM (SELECT created_at FROM throttle_events
                    WHERE key = u.key AND created_at > $4::timestamptz - make_interval(secs => u.seconds)
                    ORDER BY created_at DESC LIMIT u.max) recent) c
        ORDER BY u.i`,
      [
        entries.map(([key]) => key),
        entries.map(([, limit]) => limit.max),
        entries.map(([, limit]) => limit.windowSeconds),
        now,
      ],
    );
    return r.rows;
  }

  private refusal(count: Count, limit: Limit): AppError {
    const now = this.clock.now();
    const oldest = count.oldest ?? now;
    const waitSeconds = Math.max(
      1,
      Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
    );
    const message = limit.message
      ? limit.message(waitSeconds)
      : Messages.tooManyAttempts(Math.ceil(waitSeconds / 60));
    return new AppError(429, message, { retryAfterSeconds: waitSeconds });
  }
}
