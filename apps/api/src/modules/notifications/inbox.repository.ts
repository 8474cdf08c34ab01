import { INBOX_DAYS, type InboxChannel, type InboxMessage } from '@selfcare/domain/contracts/inbox';
import type pg from 'pg';
import { forgetJobs } from '../../jobs/queue.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** A message as it went out, for the inbox of the customer it was sent to. */
export interface SentMessage {
  channel: InboxChannel;
  title: string | null;
  body: string;
  /** The portal's page it is about: a path ('/bills'). */
  link: string | null;
  sentAt: Date;
  /** The send job's id: recorded once however often the job ran. */
  jobId: string;
}

/** The most a list answers: 90 days of a busy account's alerts and bills. */
const LIST_LIMIT = 300;

/** The inbox's rows (ADR 0058): written by the senders' workers, read by the customer it names. */
export const inboxRepository = {
  /** Keeps `message` for the account `userId`. */
  async record(db: Queryable, userId: string, message: SentMessage): Promise<void> {
    await db.query(
      `INSERT INTO sent_messages (user_id, channel, title, body, link, sent_at, job_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (job_id) DO NOTHING`,
      [userId, message.channel, message.title, message.body, message.link, message.sentAt, message.jobId],
    );
  },

  /** The account's last INBOX_DAYS days, newest first, and how many of them are unread. */
  async list(
    db: Queryable,
    userId: string,
    now: Date,
  ): Promise<{ messages: InboxMessage[]; unread: number; asOf: string }> {
    const since = new Date(now.getTime() - INBOX_DAYS * 86_400_000);
    const { rows } = await db.query<{
      id: string;
      channel: InboxChannel;
      title: string | null;
      body: string;
      link: string | null;
      sent_at: Date;
      read: boolean;
    }>(
      `SELECT id, channel, title, body, link, sent_at, read_at IS NOT NULL AS read
         FROM sent_messages WHERE user_id = $1 AND sent_at > $2
        ORDER BY sent_at DESC, id LIMIT ${LIST_LIMIT}`,
      [userId, since],
    );
    return {
      messages: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        title: r.title,
        body: r.body,
        link: r.link,
        sentAt: r.sent_at.toISOString(),
        read: r.read,
      })),
      unread: await this.unread(db, userId, since),
      asOf: now.toISOString(),
    };
  },

  /** How many of the account's messages since `since` are unread, the list's limit aside. */
  async unread(db: Queryable, userId: string, since: Date): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sent_messages WHERE user_id = $1 AND read_at IS NULL AND sent_at > $2`,
      [userId, since],
    );
    return rows[0]?.n ?? 0;
  },

  /**
   * Marks what was sent up to `before` read (a time ahead of `now` counts as `now`: what is sent later
   * stays unread); answers how many are left unread.
   */
  async markRead(db: Queryable, userId: string, before: Date, now: Date): Promise<number> {
    await db.query(
      `UPDATE sent_messages SET read_at = $3
        WHERE user_id = $1 AND read_at IS NULL AND sent_at <= least($2::timestamptz, $3::timestamptz)`,
      [userId, before, now],
    );
    return this.unread(db, userId, new Date(now.getTime() - INBOX_DAYS * 86_400_000));
  },

  /** Deletes what is older than the inbox shows. */
  async prune(db: Queryable, now: Date): Promise<number> {
    const { rowCount } = await db.query(`DELETE FROM sent_messages WHERE sent_at <= $1`, [
      new Date(now.getTime() - INBOX_DAYS * 86_400_000),
    ]);
    return rowCount ?? 0;
  },
};

/** What closing an account erases of the inbox (ADR 0030): every message kept for it. */
export const notificationsErasure = {
  /**
   * The logins' inbox copies, the browsers they pushed to with their endpoints, and the pushes still
   * to go to them, which carry what they say (ADR 0060).
   */
  async forget(db: Queryable, userIds: string[]): Promise<void> {
    await db.query(`DELETE FROM sent_messages WHERE user_id = ANY($1::uuid[])`, [userIds]);
    await db.query(`DELETE FROM push_devices WHERE user_id = ANY($1::uuid[])`, [userIds]);
    await forgetJobs(db, `name = ANY($1::text[]) AND data->>'userId' = ANY($2::text[])`, [
      // sendPushJob's and pushToDeviceJob's (notification.jobs.ts, which reads this file).
      ['notification.send-push', 'notification.push-to-device'],
      userIds,
    ]);
  },
};
