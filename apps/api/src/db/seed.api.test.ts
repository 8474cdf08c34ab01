import { type AuthUser, homeFor, monthBilledOn } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { BillList } from '@selfcare/domain/contracts/bills';
import { STAFF_OPEN_STATUSES } from '@selfcare/domain/fulfilment';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, codeTextedTo, createTestApp, type TestApp } from '../test/harness.ts';
import { signedInStaff, totp } from '../test/staff.ts';
import { orderEvents, orders, staffUsers, subscriptions, users } from './schema.ts';
import { DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_MEMBERS, seedDemoData } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

/** Signs in as the README says: password for customers with an email, an SMS code for sub lines. */
async function signIn(who: { email?: string; phoneNumber?: string }) {
  let res: Awaited<ReturnType<typeof post>>;
  if (who.email) res = await post('/api/v1/auth/login', { email: who.email, password: DEMO_PASSWORD });
  else {
    const asked = new Date();
    await post('/api/v1/auth/getOTPLogin', { phoneNumber: who.phoneNumber, method: 1 });
    const otp = await codeTextedTo(`+65${who.phoneNumber}`, asked);
    res = await post('/api/v1/auth/login', { phoneNumber: who.phoneNumber, otp });
  }
  expect(res.statusCode, res.body).toBe(200);
  const { token, authUser } = body<{ token: string; authUser: AuthUser }>(res).data;
  return { user: authUser, headers: { authorization: `Bearer ${token}` } };
}

/** Where the portal sends this session user first, as the README's "Lands on" column says. */
const landsOn = (user: AuthUser) => {
  const home = homeFor(user);
  return home.kind === 'redirect' ? home.to : '/';
};

interface Line {
  msisdn: string;
  isMainLine: boolean;
  status: string;
  typeSim: number;
}
const linesOf = async (headers: Record<string, string>) =>
  body<Line[]>(await get('/api/v1/lines', headers)).data;

const ordersOf = async (email: string) => {
  const [user] = await t.ctx.database.db.select().from(users).where(eq(users.email, email));
  return t.ctx.database.db
    .select()
    .from(orders)
    .where(eq(orders.userId, user?.id ?? ''));
};
const eventsOf = async (orderId: string) =>
  (await t.ctx.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map(
    (e) => e.type,
  );

describe('demo data', () => {
  it('loads every demo customer and the staff member once, and a second load changes nothing', async () => {
    const first = await seedDemoData(t.ctx.database);
    expect(first).toBe(DEMO_CUSTOMERS.length);
    const countRows = async () => {
      const { rows } = await t.ctx.database.pool.query<{ orders: number; lines: number }>(
        `SELECT (SELECT count(*)::int FROM orders o JOIN users u ON u.id = o.user_id
                  WHERE u.email LIKE '%@demo.selfcare.sg') AS orders,
                (SELECT count(*)::int FROM subscriptions s JOIN users u ON u.id = s.user_id
                  WHERE u.email LIKE '%@demo.selfcare.sg') AS lines`,
      );
      return rows[0];
    };
    const loaded = await countRows();
    expect(loaded).toEqual({ orders: 5, lines: 5 });
    expect(await seedDemoData(t.ctx.database)).toBe(0);
    expect(await countRows()).toEqual(loaded);

    const staff = await t.ctx.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, DEMO_STAFF.email));
    expect(staff).toHaveLength(1);
    expect(staff[0]?.role).toBe('admin');
    expect(staff[0]?.passwordHash).toMatch(/^\$argon2id\$/);

    const sub = await t.ctx.database.db.select().from(users).where(eq(users.phoneNumber, '81000001'));
    const main = await t.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'active@demo.selfcare.sg'));
    expect(sub[0]?.mainUserId).toBe(main[0]?.id);
  });

  it('lets a demo customer log in with the published password', async () => {
    const res = await post('/api/v1/auth/login', {
      email: 'ordered@demo.selfcare.sg',
      password: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.authUser.status).toBe(1);
  });

  // The browser tests sign in as staff members of their own (e2e/tests/staff-members.ts), so the
  // README's demo staff, with their published secrets, are checked here.
  it.each(DEMO_STAFF_MEMBERS)(
    'lets demo staff $email ($role) sign in with the published password and TOTP secret',
    async (member) => {
      const res = await post('/api/v1/staff/auth/login', {
        email: member.email,
        password: DEMO_PASSWORD,
        code: await totp(member.totpSecret),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.staff).toMatchObject({ email: member.email, role: member.role });
    },
  );
});

describe("the README's demo logins, row by row", () => {
  it('new, roadshow and unverified customers: status 0, no order, the wizard (or Verify Account)', async () => {
    for (const [email, lands, roadshow] of [
      ['new@demo.selfcare.sg', '/getStarted', false],
      ['roadshow@demo.selfcare.sg', '/getStartedNoBill', true],
      ['roadshow2@demo.selfcare.sg', '/getStartedNoBill', true],
      ['roadshow3@demo.selfcare.sg', '/getStartedNoBill', true],
    ] as const) {
      const { user } = await signIn({ email });
      expect([email, user.status, user.roadshow, landsOn(user)]).toEqual([email, 0, roadshow, lands]);
      expect(await ordersOf(email)).toEqual([]);
    }
    const { user } = await signIn({ email: 'unverified@demo.selfcare.sg' });
    expect(user.isVerify).toBe(false);
    expect(landsOn(user)).toBe('/');
  });

  it('ordered@: status 1, lands on /myAccount, a paid order in the staff queue with its timeline', async () => {
    const { user, headers } = await signIn({ email: 'ordered@demo.selfcare.sg' });
    expect([user.status, landsOn(user)]).toEqual([1, '/myAccount']);
    const mine = body<{ id: string; orderNumber: string; status: string }[]>(
      await get('/api/v1/orders', headers),
    ).data;
    expect(mine).toHaveLength(1);
    const order = mine[0] as { id: string; orderNumber: string; status: string };
    expect(STAFF_OPEN_STATUSES).toContain(order.status);
    expect(await eventsOf(order.id)).toEqual(['order-created', 'paid', 'mvne-created']);
    const account = body<{ progress: { steps: { key: string; done: boolean }[] } }>(
      await get('/api/v1/account', headers),
    ).data;
    expect(account.progress.steps.find((s) => s.key === 'paid')?.done).toBe(true);

    const agent = await signedInStaff(t, 'agent');
    // The queue shows open orders by default.
    const queue = body<{ items: { id: string }[] }>(
      await get(`/api/v1/staff/orders?q=${order.orderNumber}`, agent.headers),
    ).data;
    expect(queue.items.map((i) => i.id)).toEqual([order.id]);
    const detail = body<{ payment: { amountCents: number } | null; deliveryDate: string | null }>(
      await get(`/api/v1/staff/orders/${order.id}`, agent.headers),
    ).data;
    expect(detail.payment?.amountCents).toBeGreaterThan(0);
    expect(detail.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('active@: an active main line and two active Us lines, each Us line with its own login', async () => {
    const { user, headers } = await signIn({ email: 'active@demo.selfcare.sg' });
    expect([user.status, user.activated, user.subline, landsOn(user)]).toEqual([
      2,
      true,
      2,
      '/dashboard/local',
    ]);
    const lines = await linesOf(headers);
    expect(lines.map((l) => [l.msisdn, l.isMainLine, l.status])).toEqual([
      ['91000004', true, 'Active'],
      ['81000001', false, 'Active'],
      ['81000002', false, 'Active'],
    ]);
    for (const phoneNumber of ['81000001', '81000002']) {
      const sub = await signIn({ phoneNumber });
      expect([sub.user.isMainLine, sub.user.status, landsOn(sub.user)]).toEqual([
        false,
        2,
        '/dashboard/local',
      ]);
      const [line] = await t.ctx.database.db
        .select({ lineUserId: subscriptions.lineUserId })
        .from(subscriptions)
        .where(eq(subscriptions.msisdn, phoneNumber));
      expect(line?.lineUserId).toBe(sub.user.id);
    }
    // Its lines went live over two months ago: the months before the one just ended are billed and
    // paid; the month just ended is the bill run's to make.
    const bills = body<BillList>(await t.app.inject({ method: 'GET', url: '/api/v1/bills', headers })).data
      .bills;
    const last = monthBilledOn(sgDate(new Date()));
    expect(bills.length).toBeGreaterThan(0);
    for (const bill of bills.filter((b) => b.month < last)) {
      expect(bill.status).toBe('paid');
    }
    // A customer since before the first bill, not since the day the demo was loaded.
    const account = body<{ memberSince: string }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/account', headers }),
    ).data;
    const first = bills.map((b) => b.issuedOn).sort()[0] as string;
    expect(sgDate(new Date(account.memberSince)) < first).toBe(true);
  });

  it('booster@ and corporate@: active with a line each, the Booster flag and the corporate type', async () => {
    const booster = await signIn({ email: 'booster@demo.selfcare.sg' });
    expect([booster.user.status, booster.user.enable, landsOn(booster.user)]).toEqual([
      2,
      true,
      '/dashboard/local',
    ]);
    expect((await linesOf(booster.headers)).map((l) => [l.msisdn, l.status])).toEqual([
      ['91000005', 'Active'],
    ]);
    const corporate = await signIn({ email: 'corporate@demo.selfcare.sg' });
    expect([corporate.user.status, corporate.user.type, landsOn(corporate.user)]).toEqual([
      2,
      1,
      '/dashboard/local',
    ]);
    expect((await linesOf(corporate.headers)).map((l) => [l.msisdn, l.status])).toEqual([
      ['91000006', 'Active'],
    ]);
  });

  it('documents@: status 3, lands on /uploadID, an order waiting for its documents', async () => {
    const { user } = await signIn({ email: 'documents@demo.selfcare.sg' });
    expect([user.status, landsOn(user)]).toEqual([3, '/uploadID']);
    const [order, ...more] = await ordersOf('documents@demo.selfcare.sg');
    expect(more).toEqual([]);
    expect(order?.status).toBe('Not verified');
    expect(await eventsOf(order?.id ?? '')).toContain('request-documents');
  });

  it('puts the SIMs of the active demo lines in service, out of the stock', async () => {
    const { rows } = await t.ctx.database.pool.query<{ state: string; n: number }>(
      `SELECT c.state, count(*)::int AS n FROM subscriptions s JOIN sim_cards c ON c.iccid = s.iccid
        WHERE s.msisdn = ANY($1) GROUP BY c.state`,
      [['91000004', '81000001', '81000002', '91000005', '91000006']],
    );
    // A database that had other stock before the demo data has none of the demo SIMs.
    for (const r of rows) expect(r.state).toBe('active');
    const lines = await t.ctx.database.db
      .select({ state: subscriptions.state })
      .from(subscriptions)
      .where(inArray(subscriptions.msisdn, ['91000004', '81000001', '81000002', '91000005', '91000006']));
    expect(lines.map((l) => l.state)).toEqual(Array(5).fill('active'));
  });
});
