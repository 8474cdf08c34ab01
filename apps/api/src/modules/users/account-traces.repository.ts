import type pg from 'pg';
import { forgetJobs } from '../../jobs/queue.ts';
import { authErasure } from '../auth/index.ts';
import { cisErasure } from '../cis/index.ts';
import { linesErasure } from '../lines/index.ts';
import { ordersErasure } from '../orders/index.ts';
import { profileErasure } from '../profiles/index.ts';
import { blankAuditTerms } from '../staff/index.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** What names the account outside its own rows: keys of the sign-in throttle, messages queued. */
export interface AccountTraces {
  /** Its addresses (lower case) and numbers, each number also as +65…, as messages are sent. */
  contacts: string[];
  /** The SIMs its lines had or were sent. */
  iccids: string[];
  /** What else names the customer in free text: their SIMs' IMSIs, NRIC or FIN and full names. */
  names: string[];
}

/**
 * The account's addresses, numbers and SIMs, read before the erasure removes them, each from the
 * module that holds it (ADR 0045). A line's number passes to someone else once the line has ended:
 * a number another login or a live line has now is theirs, and what is keyed or queued for it is
 * left alone.
 */
export async function tracesOf(db: Queryable, userId: string, loginIds: string[]): Promise<AccountTraces> {
  const login = await authErasure.tracesOf(db, loginIds);
  const workAddresses = await cisErasure.addressesOf(db, userId);
  const profile = await profileErasure.tracesOf(db, userId);
  const ordered = await ordersErasure.numbersOf(db, userId);
  const lines = await linesErasure.tracesOf(db, userId);
  const numbers = distinct([...login.numbers, ...profile.numbers, ...ordered, ...lines.numbers]).filter(
    (v): v is string => v !== null && v !== '',
  );
  const theirs = new Set([
    ...(await authErasure.numbersOfOthers(db, numbers, loginIds)),
    ...(await linesErasure.liveNumbers(db, numbers)),
  ]);
  const ours = numbers.filter((v) => !theirs.has(v));
  const names = distinct([
    ...lines.imsis,
    ...profile.names,
    ...login.names,
    // A number as it is written for people: 8123 4567.
    ...ours
      .map((v) => [...v])
      .filter((c) => c.length === 8)
      .map((c) => `${c.slice(0, 4).join('')} ${c.slice(4).join('')}`),
  ]);
  return {
    contacts: distinct([
      ...present([...login.addresses, ...workAddresses]),
      ...ours,
      ...ours.map((v) => `+65${v}`),
    ]),
    iccids: present(distinct(lines.iccids)),
    // Counted in characters, as the database counts them.
    names: present(names).filter((v) => [...v].length >= 4),
  };
}

const distinct = <T>(values: T[]): T[] => [...new Set(values)];
const present = (values: (string | null)[]): string[] => values.filter((v): v is string => v !== null);

/**
 * Forgets the account's addresses and numbers where they are keys or payloads, not columns of its
 * rows: the sign-in throttle's counts (`login:<address>|<client>`, `otp-send:<number>`, …), and the
 * jobs that would send to them, waiting or done (pg-boss keeps those a week). A job being sent at
 * this moment is left to finish.
 */
export async function forgetTraces(db: Queryable, traces: AccountTraces) {
  await blankAuditTerms(db, [...traces.contacts, ...traces.iccids, ...traces.names]);
  if (traces.contacts.length === 0) return;
  await authErasure.forgetThrottle(db, traces.contacts);
  const addressed = `(lower(data->>'to') = ANY($1) OR lower(data->>'email') = ANY($1) OR data->>'phoneNumber' = ANY($1))`;
  await forgetJobs(db, addressed, [traces.contacts]);
}
