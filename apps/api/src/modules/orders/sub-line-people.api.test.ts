import { SubLineMessages } from '@selfcare/domain/order';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerProfiles, orders } from '../../db/schema.ts';
import { body, giveProfile, signedInCustomer } from '../../test/harness.ts';
import { uniqueContactNumber, uniqueNric } from '../../test/order-journey.ts';
import { call, lineSince, me, ownerId, t, useProductsFixture } from '../../test/products.ts';
import { orderedLines } from '../lines/index.ts';
import { subLinesRepository } from './sub-lines.repository.ts';

/** Whose NRIC or FIN an 'Us' line may name (ADR 0032), asked as an attacker would. */
useProductsFixture();

const portNumber = () => `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const portIn = (idNumber: string) => ({
  assignee: { fullName: 'Tan Mei Ling', idNumber, contactNumber: uniqueContactNumber() },
  planCode: 'LITE-10',
  typeSim: 1,
  numberType: 'RETAIN',
  msisdn: portNumber(),
  donorNetwork: 1,
  confirmPostpaid: true,
  delivery: { deliveryMethod: 2 },
});
const ordersOf = async (userId: string) =>
  (await t.ctx.database.db.select().from(orders).where(eq(orders.userId, userId))).length;
const linesOf = (idNumber: string) =>
  subLinesRepository.countForPerson(t.ctx.database.db, orderedLines, idNumber);

describe("the person an 'Us' line names", () => {
  it("refuses another customer's NRIC, in any letter case, on the NRIC field; their lines count as before", async () => {
    // Customer A, with an account and a line of their own.
    const a = await signedInCustomer(t, { status: 2, activated: true });
    const theirs = uniqueNric();
    await giveProfile(t, a.id, { idNumber: theirs });
    await lineSince(a.id, new Date('2026-01-05T10:00:00+08:00'), { plan: 'LITE-10' });
    expect(await linesOf(theirs)).toBe(1);
    const placed = await ordersOf(ownerId);

    // Customer B names A's NRIC on a line of B's.
    for (const idNumber of [theirs, theirs.toLowerCase()]) {
      const res = await call('POST', '/sub-lines', me, portIn(idNumber));
      expect([res.statusCode, body(res).message]).toEqual([409, SubLineMessages.idOfAnotherAccount]);
      expect(body(res).extra_info).toEqual({
        fields: { 'assignee.idNumber': SubLineMessages.idOfAnotherAccount },
      });
    }
    expect(await ordersOf(ownerId)).toBe(placed);
    expect(await linesOf(theirs)).toBe(1);
  });

  it("lets the account holder name their own NRIC, and someone who is no customer's", async () => {
    const [mine] = await t.ctx.database.db
      .select({ idNumber: customerProfiles.idNumber })
      .from(customerProfiles)
      .where(eq(customerProfiles.userId, ownerId));
    const own = mine?.idNumber as string;
    const before = await linesOf(own);
    const self = await call('POST', '/sub-lines', me, portIn(own));
    expect(self.statusCode, self.body).toBe(201);
    expect(await linesOf(own)).toBe(before + 1);
    const stranger = await call('POST', '/sub-lines', me, portIn(uniqueNric()));
    expect(stranger.statusCode, stranger.body).toBe(201);
  });
});
