import { formatSgMobile } from '@selfcare/domain';
import type { AuthUser } from '@selfcare/domain/contracts/auth';
import type { NumberPage } from '@selfcare/domain/contracts/orders';
import type { SubLinesView } from '@selfcare/domain/contracts/sub-lines';
import { OrderMessages, SubLineMessages } from '@selfcare/domain/order';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountDeletionRequests, charges, orderLines, orders, users } from '../../db/schema.ts';
import { fulfilmentJourney, until } from '../../test/fulfilment.ts';
import { body, codeTextedTo, signedInCustomer, waitForMessage } from '../../test/harness.ts';
import { uniqueContactNumber, uniqueNric } from '../../test/order-journey.ts';
import { call, me, other, ownerId, t, useProductsFixture } from '../../test/products.ts';
import { signedInStaff } from '../../test/staff.ts';

/** /manage/mobileSubLine (ADR 0031): an active customer adds an 'Us' line for someone they name. */
useProductsFixture();

const list = async (headers = me) => body<SubLinesView>(await call('GET', '/sub-lines', headers)).data;
const orderCount = async () =>
  (await t.ctx.database.db.select().from(orders).where(eq(orders.userId, ownerId))).length;
const freeNumber = async (contains = '8') =>
  body<NumberPage>(await call('GET', `/sub-lines/numbers?contains=${contains}`, me)).data
    .numbers[0] as string;
/** A number of ours nobody has, to port in. */
const portNumber = () => `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const ADDRESS = {
  postalCode: '238801',
  blockNumber: '1',
  roadName: 'Orchard Road',
  building: '',
  unitNumber: '#04-12',
};
const assignee = (over: object = {}) => ({
  fullName: 'Tan Mei Ling',
  idNumber: uniqueNric(),
  contactNumber: uniqueContactNumber(),
  ...over,
});
const portIn = (over: object = {}) => ({
  assignee: assignee(),
  planCode: 'LITE-10',
  typeSim: 1,
  numberType: 'RETAIN',
  msisdn: portNumber(),
  donorNetwork: 1,
  confirmPostpaid: true,
  delivery: { deliveryMethod: 2 },
  ...over,
});

describe("'Us' lines", () => {
  it('adds a line for a named person on a held number, confirmed to the holder by email, through staff verification, delivery and activation, to its own login; the fees go on the next bill', async () => {
    const before = await list();
    expect(before).toMatchObject({ lines: [], limit: 9, remaining: 9, blocked: null, hold: null });

    const number = await freeNumber();
    const held = await call('PUT', '/sub-lines/hold', me, { msisdn: number });
    expect(held.statusCode, held.body).toBe(200);
    expect(body<SubLinesView>(held).data.hold?.msisdn).toBe(number);

    const dates = body<{ dates: string[] }>(await call('GET', '/sub-lines/delivery-dates?method=4', me)).data
      .dates;
    const person = assignee();
    const line = {
      assignee: person,
      planCode: 'LITE-10',
      typeSim: 0,
      numberType: 'NORMAL',
      msisdn: number,
      delivery: { deliveryMethod: 4, deliveryDate: dates[0] ?? null, delivery: ADDRESS },
    };
    // Bad input changes nothing: a name missing, an ID number that fails its check letter, a number
    // that is not the one held.
    const orders0 = await orderCount();
    const noName = await call('POST', '/sub-lines', me, { ...line, assignee: { ...person, fullName: ' ' } });
    expect(noName.statusCode).toBe(422);
    const badId = await call('POST', '/sub-lines', me, {
      ...line,
      assignee: { ...person, idNumber: 'S1234567A' },
    });
    expect(badId.statusCode).toBe(422);
    expect(badId.body).toContain(SubLineMessages.idInvalid);
    const notHeld = await call('POST', '/sub-lines', me, { ...line, msisdn: await freeNumber('9') });
    expect(notHeld.statusCode, notHeld.body).toBe(409);
    expect(body(notHeld).message).toBe(OrderMessages.chooseUsNumber);
    expect(await orderCount()).toBe(orders0);

    const added = await call('POST', '/sub-lines', me, line);
    expect(added.statusCode, added.body).toBe(201);
    expect(body(added).message).toBe(SubLineMessages.added);
    const { orderId, orderNumber } = body<{ orderId: string; orderNumber: string }>(added).data;
    // The holder is told by email what they ordered, how it is billed and what happens next.
    const [holder] = await t.ctx.database.db.select().from(users).where(eq(users.id, ownerId));
    const confirmation = await waitForMessage(
      holder?.email as string,
      (m) => m.subject === `Your 'Us' line is ordered: order ${orderNumber}`,
    );
    expect(confirmation.text).toContain(
      `an 'Us' line for Tan Mei Ling, with the new number ${formatSgMobile(number)}, on the`,
    );
    expect(confirmation.text).toContain('The line is billed monthly with your account');
    expect(confirmation.text).toContain(
      "What happens next: our staff check the order and the details of the line's user. Then we send the SIM (Self-Collection",
    );
    expect(confirmation.text).toContain(`/manage/orders/${orderId}`);
    const listed = await list();
    expect(listed.remaining).toBe(8);
    expect(listed.hold).toBeNull();
    expect(listed.lines).toEqual([
      expect.objectContaining({ fullName: 'Tan Mei Ling', msisdn: number, state: 'ordered', orderId }),
    ]);
    // Nothing is charged until the line is live.
    const feesOf = () =>
      t.ctx.database.db
        .select()
        .from(charges)
        .where(and(eq(charges.orderId, orderId), eq(charges.kind, 'order')));
    expect(await feesOf()).toEqual([]);
    // The customer opens its order from the list: an 'Us' line's, added to the account.
    const mine = await call('GET', `/orders/${orderId}`, me);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(body(mine).data).toMatchObject({ id: orderId, kind: 'sub-line' });

    // Staff verify, deliver and activate it as any order.
    const [agent, admin] = await Promise.all([signedInStaff(t, 'agent'), signedInStaff(t, 'admin')]);
    const journey = fulfilmentJourney(
      () => t,
      () => ({ agent, admin }),
    );
    await until(
      () => journey.orderStatus(orderId),
      (s) => s === 'Payment success created in MVNE',
    );
    const detail = body<{ kind: string; lines: { id: string; assignee: unknown }[] }>(
      await journey.staffCall(`/orders/${orderId}`),
    ).data;
    expect(detail.kind).toBe('sub-line');
    expect(detail.lines[0]?.assignee).toEqual({ ...person, contactNumber: person.contactNumber });
    expect((await journey.staffCall(`/orders/${orderId}/verify`, {})).statusCode).toBe(200);
    const sim = await journey.stockSim();
    const lineId = detail.lines[0]?.id as string;
    const sent = await journey.staffCall(`/orders/${orderId}/deliveries`, {
      deliveryMethod: 4,
      deliveryDate: dates[0],
      trackingCode: 'COLLECT-1',
      sims: [{ lineId, iccid: sim.iccid }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The SIM is its user's to collect, on their own ID: the holder is told so.
    const onItsWay = await waitForMessage(
      holder?.email as string,
      (m) => m.subject === `Your SIM is on its way: order ${orderNumber}`,
    );
    expect(onItsWay.text).toContain(
      "The SIM is for Tan Mei Ling's line: Tan Mei Ling collects it and shows their own NRIC or FIN, the one the line is registered to.",
    );
    expect((await journey.staffCall(`/orders/${orderId}/delivered`, {})).statusCode).toBe(200);
    const activated = await journey.staffCall(`/orders/${orderId}/activate`, {
      lines: [{ lineId, imsi: sim.imsi }],
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await until(
      () => journey.orderStatus(orderId),
      (s) => s === 'Completed',
    );
    expect((await list()).lines[0]).toMatchObject({ state: 'active', loginNumber: number });
    const [fee] = await feesOf();
    expect(fee?.amountCents).toBe(t.ctx.fees.newNumberCents);

    // Its user signs in with the line's number and a code, under their own name, to the dashboard only.
    const asked = new Date();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/getOTPLogin',
      payload: { phoneNumber: number, method: 1 },
    });
    const otp = await codeTextedTo(`+65${number}`, asked);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { phoneNumber: number, otp },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { token, authUser } = body<{ token: string; authUser: AuthUser }>(login).data;
    expect(authUser).toMatchObject({ firstName: 'Tan Mei Ling', isMainLine: false });
    const us = { authorization: `Bearer ${token}` };
    expect((await call('GET', '/sub-lines', us)).statusCode).toBe(403);
    expect((await call('POST', '/sub-lines', us, portIn())).statusCode).toBe(403);
  });

  it("numbers each added 'Us' line after those added before it, for staff as for the customer", async () => {
    const added: string[] = [];
    for (const _ of [1, 2]) {
      const res = await call('POST', '/sub-lines', me, portIn());
      expect(res.statusCode, res.body).toBe(201);
      added.push(body<{ orderId: string }>(res).data.orderId);
    }
    const listed = (await list()).lines;
    const agent = await signedInStaff(t, 'agent');
    for (const orderId of added) {
      const place = listed.findIndex((l) => l.orderId === orderId) + 1;
      expect(place).toBeGreaterThan(1);
      const staff = await t.app.inject({
        method: 'GET',
        url: `/api/v1/staff/orders/${orderId}`,
        headers: agent.headers,
      });
      const customer = await call('GET', `/orders/${orderId}`, me);
      const labelOf = (res: typeof staff) => body<{ lines: { label: string }[] }>(res).data.lines[0]?.label;
      expect([labelOf(staff), labelOf(customer)]).toEqual([`Us ${place}`, `Us ${place}`]);
    }
  });

  it('is checked by its user on the order: staff cannot send the active holder back to upload ID, and turning it away leaves them active', async () => {
    const line = portIn();
    const [first, second] = await Promise.all([
      call('POST', '/sub-lines', me, line),
      call('POST', '/sub-lines', me, { ...line, assignee: assignee() }),
    ]);
    // The same number twice at once (a double click): one line, the other refused.
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const { orderId } = body<{ orderId: string }>(first.statusCode === 201 ? first : second).data;
    const again = await call('POST', '/sub-lines', me, { ...line, assignee: assignee() });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('The phone number has already been registered');

    const [agent, supervisor] = await Promise.all([
      signedInStaff(t, 'agent'),
      signedInStaff(t, 'supervisor'),
    ]);
    const journey = fulfilmentJourney(
      () => t,
      () => ({ agent, admin: supervisor }),
    );
    await until(
      () => journey.orderStatus(orderId),
      (s) => s === 'Payment success created in MVNE',
    );
    const detail = body<{ actions: string[] }>(await journey.staffCall(`/orders/${orderId}`)).data;
    expect(detail.actions).not.toContain('request-documents');
    const asked = await journey.staffCall(`/orders/${orderId}/request-documents`, { reason: 'ID unclear' });
    expect(asked.statusCode).toBe(409);
    const rejected = await journey.staffCall(
      `/orders/${orderId}/reject`,
      { reason: 'The NRIC does not match the name' },
      supervisor.headers,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [holder] = await t.ctx.database.db.select().from(users).where(eq(users.id, ownerId));
    expect(holder?.status).toBe(2);
    expect((await list()).lines.find((l) => l.orderId === orderId)?.state).toBe('stopped');
  });

  it("refuses a registered number, a person at the law's limit, a tenth 'Us' line, and customers who may not add lines", async () => {
    // A number some login signs in with is not to be had, ported in or held.
    const [someone] = await t.ctx.database.db.select().from(users).where(eq(users.id, ownerId));
    const [taken] = await t.ctx.database.db
      .select({ phoneNumber: users.phoneNumber })
      .from(users)
      .where(eq(users.mainUserId, ownerId));
    const registered = taken?.phoneNumber as string;
    const port = await call('POST', '/sub-lines', me, portIn({ msisdn: registered }));
    expect(port.statusCode).toBe(409);
    expect(body(port).message).toBe('The phone number has already been registered');
    const hold = await call('PUT', '/sub-lines/hold', me, { msisdn: registered });
    expect(hold.statusCode).toBe(409);

    // One person may hold 10 lines across all our accounts.
    const person = uniqueNric();
    const [order] = await t.ctx.database.db.select().from(orders).where(eq(orders.userId, ownerId));
    const { id: _id, orderNumber: _n, ...copy } = order as typeof orders.$inferSelect;
    const [elsewhere] = await t.ctx.database.db
      .insert(orders)
      .values({
        ...copy,
        orderNumber: `SCX${Date.now()}`,
        userId: (someone as { id: string }).id,
        kind: 'sub-line',
        // Going ahead, whatever the order copied was (the customer's orders include turned-away ones).
        status: 'Verified',
      })
      .returning();
    await t.ctx.database.db.insert(orderLines).values(
      Array.from({ length: 10 }, (_, i) => ({
        orderId: elsewhere?.id as string,
        position: i + 1,
        planCode: 'LITE-10',
        addonCodes: [],
        numberType: 'RETAIN' as const,
        msisdn: portNumber(),
        assignee: { fullName: 'Lim Ah Kow', idNumber: person, contactNumber: '91234567' },
      })),
    );
    const atLimit = await call(
      'POST',
      '/sub-lines',
      me,
      portIn({ assignee: assignee({ idNumber: person }) }),
    );
    expect(atLimit.statusCode).toBe(409);
    expect(body(atLimit).message).toBe(SubLineMessages.personAtLimit);
    await t.ctx.database.db.delete(orders).where(eq(orders.id, elsewhere?.id as string));

    // Up to 9 'Us' lines; the tenth is refused and nothing is placed.
    const { remaining } = await list();
    for (let i = 0; i < remaining; i++) {
      const res = await call('POST', '/sub-lines', me, portIn());
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await list()).toMatchObject({ remaining: 0, blocked: OrderMessages.tooManyLines(10) });
    const placed = await orderCount();
    const tenth = await call('POST', '/sub-lines', me, portIn());
    expect(tenth.statusCode).toBe(409);
    expect(body(tenth).message).toBe(OrderMessages.tooManyLines(10));
    expect(await orderCount()).toBe(placed);

    // Another customer sees none of them; a corporate customer and one not yet active may add none.
    expect((await list(other)).lines).toEqual([]);
    const corporate = await signedInCustomer(t, { status: 2, activated: true, type: 1 });
    expect((await call('GET', '/sub-lines', corporate.headers)).statusCode).toBe(403);
    expect((await call('POST', '/sub-lines', corporate.headers, portIn())).statusCode).toBe(403);
    const ordered = await signedInCustomer(t, { status: 1 });
    expect((await call('POST', '/sub-lines', ordered.headers, portIn())).statusCode).toBe(403);
    // Active, but no order of theirs ever gave the details a line is registered under.
    const early = await call('POST', '/sub-lines', other, portIn());
    expect(early.statusCode).toBe(409);
    expect(body(early).message).toBe(SubLineMessages.activeOnly);
  });

  it('is refused while the holder has asked to close the account (the users module says so)', async () => {
    const db = t.ctx.database.db;
    const [request] = await db
      .insert(accountDeletionRequests)
      .values({ userId: ownerId, state: 'open', requestedAt: new Date() })
      .returning({ id: accountDeletionRequests.id });
    const placed = await orderCount();
    const refused = await call('POST', '/sub-lines', me, portIn());
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(SubLineMessages.closing);
    expect(await orderCount()).toBe(placed);
    await db
      .update(accountDeletionRequests)
      .set({ state: 'withdrawn', withdrawnAt: new Date() })
      .where(eq(accountDeletionRequests.id, request?.id as string));
    expect(body(await call('POST', '/sub-lines', me, portIn())).message).not.toBe(SubLineMessages.closing);
  });
});
