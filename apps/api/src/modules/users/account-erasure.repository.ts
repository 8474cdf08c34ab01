import { CLOSED_ACCOUNT_NAME } from '@selfcare/domain/account-deletion';
import type pg from 'pg';
import { authErasure, type ErasedLogin } from '../auth/index.ts';
import { billingErasure } from '../billing/index.ts';
import { cisErasure } from '../cis/index.ts';
import { documentsErasure } from '../documents/index.ts';
import { fulfilmentErasure } from '../fulfilment/index.ts';
import { linesErasure } from '../lines/index.ts';
import { myinfoErasure } from '../myinfo/index.ts';
import { notificationsErasure } from '../notifications/index.ts';
import { ordersErasure } from '../orders/index.ts';
import { productsErasure } from '../products/index.ts';
import { profileErasure } from '../profiles/index.ts';
import { usageErasure } from '../usage/index.ts';
import { forgetTraces, tracesOf } from './account-traces.repository.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

export type { ErasedLogin };

/**
 * Erases an account's personal data (ADR 0030; what goes and what stays is docs/data-map.md), in the
 * caller's transaction. Each module erases its own rows (ADR 0045); closing an account is this
 * module's decision, made in one place and in this order, so that nothing of it is left half done.
 * Kept: the account's id, its orders, lines, products, charges, bills, payments and refunds, which
 * the accounts need and which name no one once the rest is gone, and the columns of
 * KEPT_AFTER_ERASURE.
 */
export async function eraseAccount(db: Queryable, userId: string, now: Date): Promise<ErasedLogin[]> {
  const logins = await authErasure.lockLogins(db, userId);
  const ids = logins.map((l) => l.id);
  const traces = await tracesOf(db, userId, ids);
  const lineIds = await linesErasure.idsOf(db, userId);
  const { orderIds, orderLineIds } = await ordersErasure.idsOf(db, userId);
  // Sign-in: sessions (with their addresses and browsers) and refresh tokens, links, codes.
  await authErasure.forgetSignIn(db, ids);
  await myinfoErasure.forgetRequests(db, ids);
  // Who they are: the profile with its consents, MyInfo's data and the ID documents.
  await profileErasure.forget(db, userId);
  await ordersErasure.forgetDraft(db, userId);
  await documentsErasure.forget(db, userId);
  await cisErasure.forget(db, userId);
  // The card: the gateway's token and the holder's name. Payments keep their amounts and states.
  await ordersErasure.forgetCardOfPayments(db, userId);
  await billingErasure.forgetCardOfPayments(db, userId);
  await productsErasure.forgetCards(db, userId);
  await ordersErasure.forgetCards(db, userId);
  // The orders keep what was sold, for how much and when; the person and the addresses go.
  await ordersErasure.erasePeople(db, userId, now);
  await fulfilmentErasure.forgetSims(db, orderLineIds, traces.iccids);
  // The numbers and SIMs: a number passes to someone else once its line has ended.
  await ordersErasure.eraseNumbers(db, userId);
  await fulfilmentErasure.eraseDeliveries(db, orderIds);
  await linesErasure.eraseNumbers(db, userId, now);
  // Where and when the lines were used: the bills hold what it cost.
  await usageErasure.forget(db, lineIds);
  // What was sent to them: the inbox's copies of their emails, texts and notifications.
  await notificationsErasure.forget(db, ids);
  await productsErasure.forgetRoamingOf(db, lineIds);
  await authErasure.eraseLogins(db, ids, CLOSED_ACCOUNT_NAME, now);
  await forgetTraces(db, traces);
  return logins;
}
