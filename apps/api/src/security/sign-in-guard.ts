import type { Clock } from '../clock.ts';
import type { Database, Tx } from '../db/client.ts';
import { lockouts, signInFailures } from '../metrics.ts';
import { clientOf, Limits, type Throttle } from './throttle.ts';

/** What the owner of an account is told when sign-ins to it keep failing. */
export interface FailedSignIns {
  /** Failed sign-ins to the account inside the window, this one included. */
  attempts: number;
  windowMinutes: number;
  /** When the latest failed, and from which address. */
  at: Date;
  address: string;
}

/** Tells the account's owner, in `tx` (so the message is sent if and only if it is counted). */
export type AlertOwner = (tx: Tx, facts: FailedSignIns) => Promise<void>;

/** Failures to an account inside the window after which its owner is told (once a window). */
export const SIGN_IN_ALERT_AFTER = 5;

/**
 * The limits on guessing a sign-in secret (ADR 0015). An attempt is counted before the secret is
 * looked at, so a burst of concurrent guesses gets no more checks than a sequence would. The lockout
 * is per account *and client*: guesses from one address lock that address out of that account, not
 * the owner signing in from another. One address is also limited across accounts, and an account
 * across every address, at a ceiling high enough that a spread-out guesser cannot reach it without
 * being noticed: the owner is told once failures pile up.
 */
export class SignInGuard {
  constructor(
    private readonly database: Database,
    private readonly throttle: Throttle,
    private readonly clock: Clock,
    /** Keeps customers' and staff's counts apart ("login", "staff-login"). */
    private readonly scope: 'login' | 'staff-login',
  ) {}

  private keys(account: string, ip: string) {
    const client = clientOf(ip);
    return {
      client: `${this.scope}:${account}|${client}`,
      ip: `${this.scope}-ip:${client}`,
      account: `${this.scope}-account:${account}`,
      alert: `${this.scope}-alert:${account}`,
    };
  }

  /**
   * One sign-in attempt: refused with 429 when a limit is reached, else `check` decides, answering
   * the one signed in or null for a wrong secret. A success gives its place back and forgives this
   * client's earlier failures on the account; a failure keeps it and may tell the owner.
   */
  async attempt<T>(
    account: string,
    ip: string,
    check: () => Promise<T | null>,
    alert: AlertOwner,
  ): Promise<T | null> {
    const keys = this.keys(account, ip);
    const who = this.scope === 'staff-login' ? 'staff' : 'customer';
    const taken = await this.throttle.tryReserve([
      [keys.client, Limits.loginPerClient],
      [keys.ip, Limits.loginPerIp],
      [keys.account, Limits.loginPerAccount],
    ]);
    if ('refused' in taken) {
      lockouts.inc({ who });
      throw taken.refused;
    }
    const reservation = taken;
    let signedIn: T | null;
    try {
      signedIn = await check();
    } catch (err) {
      // No answer about the secret (the hashing queue was full, the database failed): not a guess.
      await this.throttle.release(reservation).catch(() => {});
      throw err;
    }
    if (signedIn === null) {
      signInFailures.inc({ who });
      await this.alertIfDue(keys, ip, alert);
      return null;
    }
    await this.throttle.release(reservation);
    await this.throttle.clear(keys.client);
    return signedIn;
  }

  private async alertIfDue(keys: ReturnType<SignInGuard['keys']>, ip: string, alert: AlertOwner) {
    const { windowSeconds } = Limits.loginPerAccount;
    const attempts = await this.throttle.count(keys.account, windowSeconds);
    if (attempts < SIGN_IN_ALERT_AFTER) return;
    await this.database.transaction(async (tx) => {
      // Concurrent failures may all see the threshold passed; the reservation lets one of them speak.
      const taken = await this.throttle.tryReserve([[keys.alert, Limits.signInAlert]], tx);
      if ('refused' in taken) return;
      await alert(tx, { attempts, windowMinutes: windowSeconds / 60, at: this.clock.now(), address: ip });
    });
  }
}
