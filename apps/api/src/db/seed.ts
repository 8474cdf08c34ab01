import { type SimRow, withLuhnDigit } from '@selfcare/domain/fulfilment';
import { eq, inArray } from 'drizzle-orm';
import { seedCatalog } from '../modules/catalog/catalog.seed.ts';
import { inventoryRepository } from '../modules/fulfilment/inventory.repository.ts';
import { hashPassword } from '../security/tokens.ts';
import type { Database } from './client.ts';
import { simCards, staffUsers, users } from './schema.ts';
import { seedDemoOrders } from './seed-orders.ts';

export const DEMO_PASSWORD = 'Selfcare#2026';

export interface DemoCustomer {
  email: string | null;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  status: number;
  activated: boolean;
  verified: boolean;
  type?: number;
  enable?: boolean;
  roadshow?: boolean;
  mainLineOf?: string;
  lands: string;
}

/** Demo customers that reach every status and flag the portal distinguishes. */
export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    email: 'new@demo.selfcare.sg',
    phoneNumber: '91000001',
    firstName: 'Nadia',
    lastName: 'Rahman',
    status: 0,
    activated: false,
    verified: true,
    lands: '/getStarted',
  },
  {
    email: 'roadshow@demo.selfcare.sg',
    phoneNumber: '91000002',
    firstName: 'Ravi',
    lastName: 'Kumar',
    status: 0,
    activated: false,
    verified: true,
    roadshow: true,
    lands: '/getStartedNoBill',
  },
  {
    email: 'roadshow2@demo.selfcare.sg',
    phoneNumber: '91000009',
    firstName: 'Rina',
    lastName: 'Wong',
    status: 0,
    activated: false,
    verified: true,
    roadshow: true,
    lands: '/getStartedNoBill (a second roadshow customer)',
  },
  {
    email: 'roadshow3@demo.selfcare.sg',
    phoneNumber: '91000010',
    firstName: 'Samuel',
    lastName: 'Goh',
    status: 0,
    activated: false,
    verified: true,
    roadshow: true,
    lands: '/getStartedNoBill (a third roadshow customer)',
  },
  {
    email: 'ordered@demo.selfcare.sg',
    phoneNumber: '91000003',
    firstName: 'Olivia',
    lastName: 'Lim',
    status: 1,
    activated: false,
    verified: true,
    lands: '/myAccount',
  },
  {
    email: 'active@demo.selfcare.sg',
    phoneNumber: '91000004',
    firstName: 'Aaron',
    lastName: 'Tan',
    status: 2,
    activated: true,
    verified: true,
    lands: '/dashboard/local (main line with 2 sub lines)',
  },
  {
    email: 'booster@demo.selfcare.sg',
    phoneNumber: '91000005',
    firstName: 'Bea',
    lastName: 'Ong',
    status: 2,
    activated: true,
    verified: true,
    enable: true,
    lands: '/dashboard/local (Booster menu)',
  },
  {
    email: 'corporate@demo.selfcare.sg',
    phoneNumber: '91000006',
    firstName: 'Chen',
    lastName: 'Wei',
    status: 2,
    activated: true,
    verified: true,
    type: 1,
    lands: '/dashboard/local (corporate, type 1)',
  },
  {
    email: 'documents@demo.selfcare.sg',
    phoneNumber: '91000007',
    firstName: 'Dinesh',
    lastName: 'Pillai',
    status: 3,
    activated: false,
    verified: true,
    lands: '/uploadID',
  },
  {
    email: 'unverified@demo.selfcare.sg',
    phoneNumber: '91000008',
    firstName: 'Uma',
    lastName: 'Devi',
    status: 0,
    activated: false,
    verified: false,
    lands: '/ (Verify Account)',
  },
  {
    email: null,
    phoneNumber: '81000001',
    firstName: 'Sarah',
    lastName: 'Tan',
    status: 2,
    activated: true,
    verified: true,
    mainLineOf: 'active@demo.selfcare.sg',
    lands: '/dashboard/local (sub line, OTP by SMS only)',
  },
  {
    email: null,
    phoneNumber: '81000002',
    firstName: 'Samuel',
    lastName: 'Tan',
    status: 2,
    activated: true,
    verified: true,
    mainLineOf: 'active@demo.selfcare.sg',
    lands: '/dashboard/local (sub line, OTP by SMS only)',
  },
];

/**
 * The demo staff member. The TOTP secret is published so that anyone trying the demo can add it to an
 * authenticator app (or compute codes with `oathtool --totp -b <secret>`); real staff get their own.
 */
export const DEMO_STAFF = {
  email: 'staff@demo.selfcare.sg',
  name: 'Siti Aminah',
  role: 'admin',
  totpSecret: 'SELFCAREDEMOSTAFFTOTPSECRET23456',
} as const;

/** One demo staff member per role, to show what each may do. */
export const DEMO_STAFF_MEMBERS = [
  DEMO_STAFF,
  {
    email: 'supervisor@demo.selfcare.sg',
    name: 'Daniel Ong',
    role: 'supervisor',
    totpSecret: 'SELFCAREDEMOSUPERVISORTOTP234567',
  },
  {
    email: 'agent@demo.selfcare.sg',
    name: 'Priya Nair',
    role: 'agent',
    totpSecret: 'SELFCAREDEMOAGENTTOTPSECRET23456',
  },
] as const;

/** The demo SIM stock: this many physical SIMs with ICCIDs 8965012611220000001x… and IMSIs 52501261122xxxx. */
export const DEMO_SIM_COUNT = 200;

export function demoSims(count = DEMO_SIM_COUNT): SimRow[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(6, '0');
    return {
      iccid: withLuhnDigit(`896501261122${n}`),
      imsi: `525012611${n}`,
      pin: '1234',
      puk: String(10_000_000 + i * 7919).slice(0, 8),
    };
  });
}

/**
 * Loads the demo catalog, customers, staff, SIM stock and the orders and lines behind the demo logins
 * (README "Demo logins"); existing rows are left as they are, so a load that stopped part way can run
 * again. `npm start` runs it once per database (`migrateAndSeed`): run over what the demo's customers
 * did since, it would give a closed account a new login. Answers how many customers it added.
 */
export async function seedDemoData(database: Database, now = new Date()): Promise<number> {
  await seedCatalog(database, now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let inserted = 0;
  const ids = new Map<string, string>();
  for (const c of DEMO_CUSTOMERS) {
    const mainUserId = c.mainLineOf ? ids.get(c.mainLineOf) : null;
    const rows = await database.db
      .insert(users)
      .values({
        email: c.email,
        phoneNumber: c.phoneNumber,
        passwordHash: c.email ? passwordHash : null,
        firstName: c.firstName,
        lastName: c.lastName,
        status: c.status,
        activated: c.activated,
        emailVerifiedAt: c.verified ? now : null,
        isMainLine: !c.mainLineOf,
        mainUserId: mainUserId ?? null,
        type: c.type ?? 0,
        enable: c.enable ?? false,
        roadshow: c.roadshow ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    inserted += rows.length;
    if (c.email) {
      const existing = await database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
        c.email,
      ]);
      if (existing.rows[0]) ids.set(c.email, existing.rows[0].id);
    }
  }
  await database.db
    .insert(staffUsers)
    .values(DEMO_STAFF_MEMBERS.map((m) => ({ ...m, passwordHash, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  const [admin] = await database.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, DEMO_STAFF.email));
  const [stocked] = await database.db.select({ iccid: simCards.iccid }).from(simCards).limit(1);
  if (admin && !stocked) {
    const batch = await inventoryRepository.insertBatch(database.db, {
      fileName: 'demo-stock.csv',
      importedBy: admin.id,
      added: DEMO_SIM_COUNT,
      rejected: 0,
      createdAt: now,
    });
    await inventoryRepository.insertSims(database.db, batch.id, demoSims(), now);
  }
  const staffIds = await database.db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(inArray(staffUsers.email, ['agent@demo.selfcare.sg', DEMO_STAFF.email]));
  const agent = staffIds.find((m) => m.email === 'agent@demo.selfcare.sg');
  if (agent && admin) await seedDemoOrders(database, demoSims(), { agent: agent.id, admin: admin.id }, now);
  return inserted;
}
