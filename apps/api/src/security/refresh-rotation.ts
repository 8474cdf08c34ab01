import { Messages } from '@selfcare/domain';
import type { Database, Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { refreshSuccessor, sha256 } from './tokens.ts';

/**
 * How long after a refresh token was used another refresh with it counts as the same browser's
 * twin (two tabs, or a retried request whose answer was lost) rather than a copy.
 */
export const REFRESH_RACE_GRACE_SECONDS = 10;

interface SessionRow {
  id: string;
  revokedAt: Date | null;
  expiresAt: Date;
}

/** Where one kind of session (customers', staff's) keeps its refresh tokens. */
export interface RefreshStore<S extends SessionRow> {
  find(
    tokenHash: string,
  ): Promise<{ token: { usedAt: Date | null; replacedByHash: string | null }; session: S } | undefined>;
  /**
   * Marks the token used, naming its successor, and stores the successor, in one transaction; false
   * (and nothing written) when the token had been used already.
   */
  replace(session: S, tokenHash: string, successorHash: string, now: Date): Promise<boolean>;
  revoke(session: S, now: Date): Promise<void>;
}

/** The two queries a `replace` needs from one kind of session's repository. */
interface RefreshTokenQueries {
  useRefreshToken(db: Db, tokenHash: string, now: Date, replacedByHash: string): Promise<boolean>;
  insertRefreshToken(
    db: Db,
    values: { tokenHash: string; sessionId: string; createdAt: Date },
  ): Promise<unknown>;
}

/** `RefreshStore.replace` for a repository: the old token used and its successor stored, or neither. */
export const replaceInTransaction =
  (database: Database, queries: RefreshTokenQueries) =>
  (session: SessionRow, tokenHash: string, successorHash: string, now: Date): Promise<boolean> =>
    database.transaction(async (tx) => {
      if (!(await queries.useRefreshToken(tx.db, tokenHash, now, successorHash))) return false;
      await queries.insertRefreshToken(tx.db, {
        tokenHash: successorHash,
        sessionId: session.id,
        createdAt: now,
      });
      return true;
    });

const expired = () => new AppError(401, Messages.sessionExpired);

/**
 * Rotates a refresh token: the session it belongs to and the token that replaces it. The successor
 * is derived from the token (`refreshSuccessor`), so a refresh that loses a race with another of the
 * same token, within REFRESH_RACE_GRACE_SECONDS of it, is given the successor the winner stored:
 * both tabs go on with one token. A used token presented later means it was copied: the whole
 * session (every token descended from the same login) is revoked.
 */
export async function rotateRefreshToken<S extends SessionRow>(
  store: RefreshStore<S>,
  secret: string,
  token: string | undefined,
  now: Date,
): Promise<{ session: S; next: string }> {
  if (!token) throw expired();
  const tokenHash = sha256(token);
  const found = await store.find(tokenHash);
  if (!found) throw expired();
  const { session } = found;
  if (session.revokedAt || session.expiresAt <= now) throw expired();
  const next = refreshSuccessor(secret, token);
  const nextHash = sha256(next);
  if (!found.token.usedAt && (await store.replace(session, tokenHash, nextHash, now)))
    return { session, next };
  // Used already: read again, for the winner of a race has committed by now.
  const again = (await store.find(tokenHash)) ?? found;
  const used = again.token;
  // Processes' clocks may differ by a little either way.
  const twin =
    used.usedAt !== null &&
    used.replacedByHash === nextHash &&
    Math.abs(now.getTime() - used.usedAt.getTime()) < REFRESH_RACE_GRACE_SECONDS * 1000;
  if (!twin) {
    await store.revoke(session, now);
    throw expired();
  }
  if (again.session.revokedAt) throw expired();
  return { session: again.session, next };
}
