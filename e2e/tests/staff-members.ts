import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@selfcare/domain';
import { generateSecret } from 'otplib';
import pg from 'pg';
import { E2E_DATABASE_URL } from '../playwright.config.ts';

export interface StaffMember {
  email: string;
  role: StaffRole;
  /** The TOTP secret of this member's authenticator. */
  secret: string;
}

/** The seeded demo member whose password (DEMO_PASSWORD) a new member of the role gets. */
const DEMO_OF_ROLE: Record<StaffRole, string> = {
  agent: 'agent@demo.selfcare.sg',
  supervisor: 'supervisor@demo.selfcare.sg',
  admin: 'staff@demo.selfcare.sg',
};

/**
 * A connection to the e2e server's database, one per worker. Staff members are made here rather
 * than through the product: staff are provisioned by an operator, and the API has no way to add one.
 */
export function staffDatabase() {
  const pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 1 });
  return {
    /**
     * A staff member of `role` no other sign-in uses, with an authenticator of its own. A code opens
     * one session only, so staff shared between tests (or between a test and the next in the same
     * worker) waited up to 30 s for a fresh code; a member per test never does. The password is the
     * demo member's (copied as its hash), so the seeded demo staff are what every member starts from.
     */
    async create(role: StaffRole, worker: number): Promise<StaffMember> {
      const email = `${role}-w${worker}-${randomUUID().slice(0, 8)}@staff.example.com`;
      const secret = generateSecret();
      const { rowCount } = await pool.query(
        `INSERT INTO staff_users (email, name, role, password_hash, totp_secret, created_at, updated_at)
         SELECT $1, $2, role, password_hash, $3, now(), now() FROM staff_users WHERE email = $4`,
        [email, `Test ${role} ${worker}`, secret, DEMO_OF_ROLE[role]],
      );
      if (rowCount !== 1) throw new Error(`no seeded demo ${role} (${DEMO_OF_ROLE[role]}) to copy`);
      return { email, role, secret };
    },
    close: () => pool.end(),
  };
}
