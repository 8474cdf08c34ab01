import type { Database } from '../../db/client.ts';
import { addons, cisCompanies, plans, promotionCodes } from '../../db/schema.ts';

/**
 * Demo catalog: what a small Singapore MVNO sells. An operator replaces it with its own rows; the
 * portal reads everything it shows from these tables.
 */
export const DEMO_COMPANIES = [
  {
    code: 'ACME',
    name: 'Acme Engineering Pte Ltd',
    emailDomains: ['acme.com.sg'],
    employerNames: ['ACME ENGINEERING PTE LTD', 'ACME ENGINEERING PTE. LTD.'],
  },
  {
    // Trades as Orchid Health Group; MyInfo reports its employees' employer by the registered name.
    code: 'ORCHID',
    name: 'Orchid Health Group',
    emailDomains: ['orchidhealth.sg', 'orchid.health'],
    employerNames: ['HEALTH CARE PTE LTD'],
  },
];

export const DEMO_PLANS = [
  {
    code: 'LITE-10',
    name: 'Lite 10',
    planGroup: 'consumer',
    monthlyCents: 1000,
    dataGb: 20,
    talkMinutes: 100,
    sms: 100,
    roamingGb: 0,
    description: 'For light users: 20GB of 5G data, 100 minutes and 100 SMS.',
  },
  {
    code: 'VALUE-20',
    name: 'Value 20',
    planGroup: 'consumer',
    monthlyCents: 2000,
    dataGb: 150,
    talkMinutes: 500,
    sms: 500,
    roamingGb: 1,
    description: 'Our most chosen plan: 150GB of 5G data, 500 minutes, 500 SMS and 1GB of roaming data.',
  },
  {
    code: 'PLUS-35',
    name: 'Plus 35',
    planGroup: 'consumer',
    monthlyCents: 3500,
    dataGb: 300,
    talkMinutes: null,
    sms: null,
    roamingGb: 5,
    description:
      '300GB of 5G data, unlimited calls and SMS, and 5GB of roaming data in 10 Asian destinations.',
  },
  {
    code: 'MAX-55',
    name: 'Max 55',
    planGroup: 'consumer',
    monthlyCents: 5500,
    dataGb: null,
    talkMinutes: null,
    sms: null,
    roamingGb: 20,
    description: 'Unlimited 5G data, calls and SMS, with 20GB of roaming data in 40 destinations.',
  },
  {
    code: 'CIS-ACME-18',
    name: 'Acme Staff 18',
    planGroup: 'cis',
    companyCode: 'ACME',
    monthlyCents: 1800,
    dataGb: 200,
    talkMinutes: 1000,
    sms: 1000,
    roamingGb: 3,
    description:
      'For Acme Engineering staff: 200GB of 5G data, 1000 minutes, 1000 SMS and 3GB of roaming data.',
  },
  {
    code: 'CIS-ORCHID-28',
    name: 'Orchid Care 28',
    planGroup: 'cis',
    companyCode: 'ORCHID',
    monthlyCents: 2800,
    dataGb: 400,
    talkMinutes: null,
    sms: null,
    roamingGb: 10,
    description: 'For Orchid Health staff: 400GB of 5G data, unlimited calls and SMS, 10GB of roaming data.',
  },
] as const;

export const DEMO_ADDONS = [
  {
    code: 'DATA-20',
    name: 'Extra 20GB',
    monthlyCents: 500,
    description: '20GB more local data every month.',
  },
  {
    code: 'IDD-300',
    name: 'IDD 300',
    monthlyCents: 600,
    description: '300 minutes of calls to 15 countries every month.',
  },
  {
    code: 'ROAM-ASIA-5',
    name: 'Asia Roaming 5GB',
    monthlyCents: 1000,
    description: '5GB of roaming data in 10 Asian destinations every month.',
  },
  {
    code: 'VOICEMAIL',
    name: 'Voicemail',
    monthlyCents: 200,
    description: 'Voicemail with SMS notification of new messages.',
  },
];

export const DEMO_PROMOTIONS = [
  {
    code: 'WELCOME10',
    description: '10% off the first month',
    percentOff: 10,
    amountOffCents: null,
    validTo: null,
  },
  {
    code: 'SAVE5',
    description: '$5 off the first month',
    percentOff: null,
    amountOffCents: 500,
    validTo: null,
  },
  {
    code: 'NEWYEAR2025',
    description: 'New Year 2025 (ended)',
    percentOff: 20,
    amountOffCents: null,
    validTo: new Date('2025-01-31T15:59:59Z'),
  },
];

/** Loads the demo catalog; rows that exist (by code) are left as an operator may have edited them. */
export async function seedCatalog(database: Database, now = new Date()): Promise<void> {
  const { db } = database;
  await db
    .insert(cisCompanies)
    .values(DEMO_COMPANIES.map((c) => ({ ...c, createdAt: now })))
    .onConflictDoNothing();
  await db
    .insert(plans)
    .values(DEMO_PLANS.map((p, i) => ({ ...p, sort: i, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  await db
    .insert(addons)
    .values(DEMO_ADDONS.map((a, i) => ({ ...a, sort: i, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  await db
    .insert(promotionCodes)
    .values(
      DEMO_PROMOTIONS.map((p) => ({ ...p, validFrom: new Date('2024-01-01T00:00:00Z'), createdAt: now })),
    )
    .onConflictDoNothing();
}
