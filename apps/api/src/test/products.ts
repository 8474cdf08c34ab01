/**
 * Products tests' fixture: a customer whose line went live through the whole order journey (with
 * the add-on chosen in it, and the card the order was paid with saved), and another customer. Its
 * values are live bindings, set by `useProductsFixture()`'s set-up.
 */
import { randomInt } from 'node:crypto';
import type { ProductsView } from '@selfcare/domain/contracts/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { orderLines, subscriptions } from '../db/schema.ts';
import { fulfilmentJourney } from './fulfilment.ts';
import { body, createTestApp, passwordLogin, signedInCustomer, type TestApp } from './harness.ts';
import { inject } from './inject.ts';
import { signedInStaff } from './staff.ts';
import { activateAtMvne } from './usage.ts';

export type Headers = { authorization: string };
const MVNE = `${inject('sandboxUrl')}/mvne/tmf-api`;
const MVNE_AUTH = { authorization: 'Bearer sandbox-mvne-key' };

export let t: TestApp;
export let me: Headers;
export let ownerId: string;
export let lineId: string;
export let serviceId: string;
export let other: Headers;

export const call = (
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
export const view = async (kind: string, headers = me) =>
  body<ProductsView>(await call('GET', `/products?kind=${kind}`, headers)).data;
export const mine = async (kind: string, code: string) =>
  (await view(kind)).products.find((p) => p.code === code && p.lineId === lineId);
/** The MVNE's products on the line (TMF637). */
export const atMvne = async () =>
  (await (
    await fetch(`${MVNE}/productInventory/v4/product?serviceId=${serviceId}`, { headers: MVNE_AUTH })
  ).json()) as {
    id: string;
    status: string;
    productOffering: { id: string };
    terminationDate: string | null;
  }[];

export function useProductsFixture() {
  beforeAll(async () => {
    t = await createTestApp();
    const [agent, admin] = await Promise.all([signedInStaff(t, 'agent'), signedInStaff(t, 'admin')]);
    const { me: customer, order } = await fulfilmentJourney(
      () => t,
      () => ({ agent, admin }),
    ).active();
    const [line] = await t.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order.id));
    lineId = line?.id as string;
    serviceId = line?.mvneServiceId as string;
    ownerId = line?.userId as string;
    me = await passwordLogin(t, customer.email);
    other = (await signedInCustomer(t, { status: 2, activated: true })).headers;
  });
  afterAll(() => t.close());
}

/** A second line of the customer's order, live at the MVNE as activation leaves it: its id and service. */
let added = 0;
export async function secondLine(opts: { login?: boolean } = {}): Promise<{
  id: string;
  serviceId: string;
  msisdn: string;
  user?: Awaited<ReturnType<typeof signedInCustomer>>;
}> {
  const msisdn = `83${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  // An 'Us' line's user signs in with the line's number (ADR 0031).
  const user = opts.login
    ? await signedInCustomer(t, {
        isMainLine: false,
        mainUserId: ownerId,
        status: 2,
        activated: true,
        phoneNumber: msisdn,
      })
    : undefined;
  const serviceId = await activateAtMvne(msisdn);
  const [first] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, lineId));
  const now = t.ctx.clock.now();
  const [orderLine] = await t.ctx.database.db
    .insert(orderLines)
    .values({
      orderId: first?.orderId as string,
      position: 5 + added++,
      planCode: 'LITE-10',
      addonCodes: [],
      numberType: 'NORMAL',
      msisdn,
    })
    .returning();
  const [line] = await t.ctx.database.db
    .insert(subscriptions)
    .values({
      userId: ownerId,
      orderId: first?.orderId as string,
      orderLineId: orderLine?.id as string,
      msisdn,
      typeSim: 0,
      planCode: 'LITE-10',
      isMainLine: false,
      lineUserId: user?.id ?? null,
      state: 'active',
      mvneServiceId: serviceId,
      requestedAt: now,
      activatedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { id: line?.id as string, serviceId, msisdn, ...(user ? { user } : {}) };
}

/** Whatever runs SQL: a pool client inside a test's own transaction, or a transaction's client. */
type SqlClient = { query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }> };

/**
 * A line of `userId`'s live since `at` (with its order, as activation leaves them), written with
 * `client`: for bill-run tests of months long past. Answers the line's id.
 */
export async function insertLineSince(
  client: SqlClient,
  userId: string,
  at: Date,
  opts: { orderPlan?: string; plan: string; state?: string; terminatedAt?: Date | null },
): Promise<string> {
  const number = `8${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const { rows: orders } = await client.query<{ id: string }>(
    `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
       profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
     VALUES ($1, $2, 'Completed', false, 0, 0, '{}', '{}', '{}', 0, 0, $3, $3, $3) RETURNING id`,
    [`PL${randomInt(0, 1e9)}`, userId, at],
  );
  const { rows: lines } = await client.query<{ id: string }>(
    `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
     VALUES ($1, 0, $2, '{}', 'NORMAL', $3) RETURNING id`,
    [orders[0]?.id, opts.orderPlan ?? opts.plan, number],
  );
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
       state, requested_at, activated_at, terminated_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 0, $5, true, $6, $7, $7, $8, $7, $7) RETURNING id`,
    [
      userId,
      orders[0]?.id,
      lines[0]?.id,
      number,
      opts.plan,
      opts.state ?? 'active',
      at,
      opts.terminatedAt ?? null,
    ],
  );
  return rows[0]?.id as string;
}

/** `insertLineSince` in a transaction of its own. */
export const lineSince = (
  userId: string,
  at: Date,
  opts: { orderPlan?: string; plan: string; state?: string; terminatedAt?: Date | null },
): Promise<string> => t.ctx.database.transaction((tx) => insertLineSince(tx.client, userId, at, opts));
