import type { SessionUser } from './auth.repository.ts';

interface Entry<U> {
  user: U;
  /** performance.now() after which the entry is read again from the database. */
  freshUntil: number;
}

/**
 * A very short-lived memory of "session S of user U is open, and this is U". Every authenticated
 * request needs it, and a browser that opens a page sends several at once, so concurrent lookups of
 * one session share a single database read and the answer is reused for `ttlMs`.
 *
 * Changes made by this process (logout, revocation, password reset, a status change) call `forget*`
 * after they commit and take effect at once. A change committed by another process is seen within
 * `ttlMs`. The access token's own expiry is checked before the cache, with the application clock, so
 * the cache never outlives a session (ADR 0008).
 */
export class SessionCache<U extends Pick<SessionUser, 'id' | 'mainUserId'> = SessionUser> {
  private readonly entries = new Map<string, Entry<U>>();
  private readonly pending = new Map<string, Promise<U | null>>();
  /** Bumped by every forget: a read that started before it must not store what it found. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  /** The answer kept for this session, if it is still fresh: no promise, no microtask. */
  peek(sessionId: string): U | undefined {
    const entry = this.entries.get(sessionId);
    return entry && entry.freshUntil > performance.now() ? entry.user : undefined;
  }

  async get(sessionId: string, load: () => Promise<U | null>): Promise<U | null> {
    const fresh = this.peek(sessionId);
    if (fresh) return fresh;
    const inFlight = this.pending.get(sessionId);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const read = load()
      .then((user) => {
        if (user && this.ttlMs > 0 && generation === this.generation) this.store(sessionId, user);
        if (!user) this.entries.delete(sessionId);
        return user;
      })
      .finally(() => this.pending.delete(sessionId));
    this.pending.set(sessionId, read);
    return read;
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
    this.pending.delete(sessionId);
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [sessionId, entry] of this.entries) {
      if (entry.user.id === userId || entry.user.mainUserId === userId) this.entries.delete(sessionId);
    }
    this.pending.clear();
  }

  private store(sessionId: string, user: U): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { user, freshUntil: performance.now() + this.ttlMs });
  }
}
