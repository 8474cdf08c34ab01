/**
 * Products tests' fixture: a customer whose line went live through the whole order journey (with
 * the add-on chosen in it, and the card the order was paid with saved), and another customer. Its
 * values are live bindings, set by `useProductsFixture()`'s set-up.
 */
import type { ProductsView } from '@selfcare/domain/contracts/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { orderLines, subscriptions } from '../db/schema.ts';
import { fulfilmentJourney } from './fulfilment.ts';
import { body, createTestApp, passwordLogin, signedInCustomer, type TestApp } from './harness.ts';
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
export async function secondLine(): Promise<{ id: string; serviceId: string }> {
  const msisdn = `83${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
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
      state: 'active',
      mvneServiceId: serviceId,
      requestedAt: now,
      activatedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { id: line?.id as string, serviceId };
}
