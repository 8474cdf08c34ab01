import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { staffUsers, users } from './schema.ts';
import { DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_STAFF, seedDemoData } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('loads every demo customer and the staff member once, and a second load changes nothing', async () => {
    const first = await seedDemoData(t.ctx.database);
    expect(first).toBe(DEMO_CUSTOMERS.length);
    expect(await seedDemoData(t.ctx.database)).toBe(0);

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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'ordered@demo.selfcare.sg', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.authUser.status).toBe(1);
  });
});
