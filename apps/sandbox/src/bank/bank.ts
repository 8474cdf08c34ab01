import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { addDays, isWorkingDay, sgDate } from '@selfcare/domain/calendar';

/**
 * A PayNow transfer into the operator's collection account. PayNow moves money in seconds, but the
 * operator learns of it from its bank's credit advice, which may come a while later: 'pending' is
 * the money on its way, 'settled' the credit the operator's account shows and is told about.
 */
export interface PaynowTransfer {
  id: string;
  uen: string;
  reference: string;
  amountCents: number;
  /** The merchant name the payer's app showed from the QR; null for a transfer keyed in by hand. */
  merchantName: string | null;
  /** Instants on the sandbox clock, ISO 8601. */
  createdAt: string;
  settleAt: string;
  status: 'pending' | 'settled';
  settledAt: string | null;
  /**
   * Where the credit stands in the account's statement: numbered as credited, so the operator reads
   * the credits it has not seen yet from the last number it saw, however their times interleave.
   */
  seq?: number;
  /** Sent back to the payer (a credit the operator could not use), with the key that asked. */
  returnedAt?: string | null;
  returnKey?: string | null;
}

export interface BankSettings {
  /**
   * Seconds on the sandbox clock from payment to credit (0: at once). Null draws a delay of up to
   * MAX_SETTLE_WORKING_DAYS Singapore working days, as a real collection account's advice can take.
   */
  delaySeconds: number | null;
}

export interface Payee {
  uen: string;
  reference: string;
  amountCents: number;
  merchantName: string | null;
}

export const MAX_SETTLE_WORKING_DAYS = 2;

const DAY_MS = 24 * 3600_000;

/** Midnight in Singapore (UTC+8, no daylight saving) starting `date`. */
const sgMidnight = (date: string) => Date.parse(`${date}T00:00:00+08:00`);

/**
 * `from` plus `ms` of working time: the time runs only on Singapore working days, so a credit due
 * over a weekend or a public holiday lands on the next working day, as a bank's would.
 */
export function addWorkingTime(from: Date, ms: number): Date {
  let cursor = from.getTime();
  let remaining = ms;
  for (;;) {
    const day = sgDate(new Date(cursor));
    const nextMidnight = sgMidnight(addDays(day, 1));
    if (isWorkingDay(day)) {
      if (remaining < nextMidnight - cursor) return new Date(cursor + remaining);
      remaining -= nextMidnight - cursor;
    }
    cursor = nextMidnight;
  }
}

/**
 * The bank holding the operator's collection account: it takes payers' PayNow transfers, credits
 * them when they are due by the sandbox clock, and answers the operator's questions about credits.
 * Transfers are kept in memory and, when a file is given, written through to it so a restart keeps
 * the money already paid; the settings are not, so a restart goes back to the realistic delay.
 */
export class Bank {
  private readonly transfers = new Map<string, PaynowTransfer>();
  /** The settled transfers in statement order (by seq), for reading by cursor. */
  private readonly statement: PaynowTransfer[] = [];
  private current: BankSettings = { delaySeconds: null };

  constructor(private readonly file?: string) {
    const saved = file ? readSnapshot(file) : null;
    for (const t of saved?.transfers ?? []) this.transfers.set(t.id, t);
    const settled = [...this.transfers.values()].filter((t) => t.status === 'settled');
    // A snapshot from before statements were numbered: number its credits in the order credited.
    settled.sort(
      (a, b) => (a.seq ?? 0) - (b.seq ?? 0) || (a.settledAt ?? '').localeCompare(b.settledAt ?? ''),
    );
    settled.forEach((t, i) => {
      t.seq = t.seq ?? i + 1;
    });
    this.statement.push(...settled.sort((a, b) => (a.seq as number) - (b.seq as number)));
  }

  settings(): BankSettings {
    return { ...this.current };
  }

  /** Applies to transfers made from now on; those pending keep their time (settleAll hurries them). */
  updateSettings(settings: BankSettings): BankSettings {
    this.current = { ...settings };
    return this.settings();
  }

  /** A payer's transfer, made at `now`; due at once when the delay is 0 (settleDue credits it). */
  pay(payee: Payee, now: Date): PaynowTransfer {
    const delay = this.current.delaySeconds;
    const settleAt =
      delay === null
        ? addWorkingTime(now, Math.floor(Math.random() * MAX_SETTLE_WORKING_DAYS * DAY_MS))
        : new Date(now.getTime() + delay * 1000);
    const transfer: PaynowTransfer = {
      id: `PN${randomBytes(8).toString('hex').toUpperCase()}`,
      uen: payee.uen,
      reference: payee.reference,
      amountCents: payee.amountCents,
      merchantName: payee.merchantName,
      createdAt: now.toISOString(),
      settleAt: settleAt.toISOString(),
      status: 'pending',
      settledAt: null,
    };
    this.transfers.set(transfer.id, transfer);
    this.save();
    return transfer;
  }

  /**
   * Credits every pending transfer whose time has come by `now`, each as of its due time (the clock
   * may have jumped past it). Synchronous, so the timer and a request cannot both credit one transfer.
   */
  settleDue(now: Date): PaynowTransfer[] {
    const due = this.pending().filter((t) => Date.parse(t.settleAt) <= now.getTime());
    for (const t of due) this.credit(t, t.settleAt);
    if (due.length) this.save();
    return due;
  }

  /** Credits every pending transfer at `now`, for a demo or a test that will not wait. */
  settleAll(now: Date): PaynowTransfer[] {
    const due = this.pending();
    for (const t of due) this.credit(t, now.toISOString());
    if (due.length) this.save();
    return due;
  }

  /** Every transfer, newest first. */
  all(): PaynowTransfer[] {
    return [...this.transfers.values()].reverse();
  }

  /** A settled transfer: until then it is no credit of the operator's. */
  creditOf(id: string): PaynowTransfer | undefined {
    const t = this.transfers.get(id);
    return t?.status === 'settled' ? t : undefined;
  }

  /** The settled transfers carrying `reference`, in the order they were credited. */
  creditsFor(reference: string): PaynowTransfer[] {
    return [...this.transfers.values()]
      .filter((t) => t.status === 'settled' && t.reference === reference)
      .sort((a, b) => (a.settledAt ?? '').localeCompare(b.settledAt ?? ''));
  }

  /**
   * The account's credits after statement number `after`, oldest first, at most `limit`: what the
   * operator has not read yet. The last one's seq is the cursor to ask from next.
   */
  creditsAfter(after: number, limit: number): { credits: PaynowTransfer[]; hasMore: boolean } {
    let lo = 0;
    let hi = this.statement.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.statement[mid]?.seq as number) <= after) lo = mid + 1;
      else hi = mid;
    }
    const credits = this.statement.slice(lo, lo + limit);
    return { credits, hasMore: lo + limit < this.statement.length };
  }

  /**
   * Sends a credit back to the account it came from, once: the same key again answers the same
   * return; another key for a credit already returned is refused (null), as is a credit not settled.
   */
  returnCredit(id: string, key: string, now: Date): PaynowTransfer | 'already-returned' | null {
    const t = this.creditOf(id);
    if (!t) return null;
    if (t.returnedAt) return t.returnKey === key ? t : 'already-returned';
    t.returnedAt = now.toISOString();
    t.returnKey = key;
    this.save();
    return t;
  }

  private pending(): PaynowTransfer[] {
    return [...this.transfers.values()].filter((t) => t.status === 'pending');
  }

  private credit(t: PaynowTransfer, at: string) {
    t.status = 'settled';
    t.settledAt = at;
    t.seq = (this.statement.at(-1)?.seq ?? 0) + 1;
    this.statement.push(t);
  }

  private save() {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify({ transfers: [...this.transfers.values()] }));
    renameSync(tmp, this.file);
  }
}

function readSnapshot(file: string): { transfers: PaynowTransfer[] } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { transfers: PaynowTransfer[] };
  } catch {
    return null;
  }
}
