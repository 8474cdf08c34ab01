import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@selfcare/domain';
import { generate, generateSecret } from 'otplib';
import { expect } from 'vitest';
import { staffUsers } from '../db/schema.ts';
import { hashPassword } from '../security/tokens.ts';
import { body, type TestApp } from './harness.ts';

export const STAFF_PASSWORD = 'Back-Office#2026';

export interface TestStaff {
  id: string;
  email: string;
  role: StaffRole;
  secret: string;
}

/** A new staff member with their own authenticator secret. */
export async function createStaff(t: TestApp, role: StaffRole): Promise<TestStaff> {
  const secret = generateSecret();
  const email = `${role}-${randomUUID().slice(0, 8)}@staff.test`;
  const now = new Date();
  const [row] = await t.ctx.database.db
    .insert(staffUsers)
    .values({
      email,
      name: `Test ${role}`,
      role,
      passwordHash: await hashPassword(STAFF_PASSWORD),
      totpSecret: secret,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: staffUsers.id });
  return { id: (row as { id: string }).id, email, role, secret };
}

export const totp = (secret: string) => generate({ secret });

export function staffLogin(t: TestApp, staff: TestStaff, code?: string) {
  return (async () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/login',
      payload: { email: staff.email, password: STAFF_PASSWORD, code: code ?? (await totp(staff.secret)) },
    }))();
}

/** A staff member of `role`, signed in: the bearer header for their calls. */
export async function signedInStaff(t: TestApp, role: StaffRole) {
  const staff = await createStaff(t, role);
  const res = await staffLogin(t, staff);
  expect(res.statusCode, res.body).toBe(200);
  return { ...staff, headers: { authorization: `Bearer ${body<{ token: string }>(res).data.token}` }, res };
}

/** Requests to the staff API under /api/v1/staff, with a staff member's (or anyone's) headers. */
export function staffRequests(t: () => TestApp) {
  return {
    get: (url: string, headers: Record<string, string>) =>
      t().app.inject({ method: 'GET', url: `/api/v1/staff${url}`, headers }),
    post: (url: string, headers: Record<string, string>, payload: object = {}) =>
      t().app.inject({ method: 'POST', url: `/api/v1/staff${url}`, headers, payload }),
  };
}
