import type { Translations } from '@selfcare/domain/order';
import type { Database } from '../../db/client.ts';
import { cisCompanies, iddRates, plans, products, promotionCodes } from './catalog.schema.ts';
import demoDescriptions from './demo-descriptions.json' with { type: 'json' };

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

const ASIA = ['MY', 'TH', 'ID', 'JP'];
const monthly = { recurrence: 'monthly', validityDays: null } as const;
/** Extra local data is for plans whose data runs out: every plan but Max 55 (unlimited). */
const LIMITED_DATA = { planCodes: ['LITE-10', 'VALUE-20', 'PLUS-35', 'CIS-ACME-18', 'CIS-ORCHID-28'] };
const once = (validityDays: number) => ({ recurrence: 'once', validityDays }) as const;

/**
 * What a line can have beside its plan (ADR 0024). The MVNE is configured with the same codes and
 * rates use against what each gives; a booster or top-up serves 30 days, a roaming pack its days.
 */
export const DEMO_PRODUCTS = [
  {
    code: 'DATA-20',
    kind: 'addon',
    name: 'Extra 20GB',
    priceCents: 500,
    ...monthly,
    ...LIMITED_DATA,
    description: '20GB more local data every month.',
  },
  {
    code: 'IDD-300',
    kind: 'addon',
    name: 'IDD 300',
    priceCents: 600,
    ...monthly,
    description: '300 minutes of calls to 15 countries every month.',
  },
  {
    code: 'ROAM-ASIA-5',
    kind: 'addon',
    name: 'Asia Roaming 5GB',
    priceCents: 1000,
    ...monthly,
    countries: ASIA,
    description: '5GB of roaming data in Malaysia, Thailand, Indonesia and Japan every month.',
  },
  {
    code: 'VOICEMAIL',
    kind: 'addon',
    name: 'Voicemail',
    priceCents: 200,
    ...monthly,
    description: 'Voicemail with SMS notification of new messages.',
  },
  {
    code: 'BOOST-5',
    kind: 'booster',
    name: 'Data Booster 5GB',
    priceCents: 400,
    ...once(30),
    ...LIMITED_DATA,
    description: '5GB of local data at once, for 30 days.',
  },
  {
    code: 'BOOST-20-SHARE',
    kind: 'booster',
    name: 'Shared Booster 20GB',
    priceCents: 1200,
    ...once(30),
    shareable: true,
    ...LIMITED_DATA,
    description: '20GB of local data for 30 days, shared by the lines you choose.',
  },
  {
    code: 'BOOST-10-MONTHLY',
    kind: 'booster',
    name: 'Monthly Booster 10GB',
    priceCents: 600,
    ...monthly,
    ...LIMITED_DATA,
    description: '10GB more local data every month, from today.',
  },
  {
    code: 'BOOST-30-MONTHLY-SHARE',
    kind: 'booster',
    name: 'Family Booster 30GB',
    priceCents: 1500,
    ...monthly,
    shareable: true,
    ...LIMITED_DATA,
    description: '30GB of local data every month, shared by the lines you choose.',
  },
  {
    code: 'TOPUP-1',
    kind: 'top-up',
    name: 'Lite Top-up 1GB',
    priceCents: 200,
    ...once(30),
    ...LIMITED_DATA,
    description: '1GB of local data, for 30 days.',
  },
  {
    code: 'TOPUP-3',
    kind: 'top-up',
    name: 'Lite Top-up 3GB',
    priceCents: 500,
    ...once(30),
    ...LIMITED_DATA,
    description: '3GB of local data, for 30 days.',
  },
  {
    code: 'RP-MY-3D',
    kind: 'roaming-pack',
    name: 'Malaysia 3GB, 3 days',
    priceCents: 500,
    ...once(3),
    countries: ['MY'],
    description: '3GB of data in Malaysia for 3 days.',
  },
  {
    code: 'RP-ASIA-7D',
    kind: 'roaming-pack',
    name: 'Asia 5GB, 7 days',
    priceCents: 1500,
    ...once(7),
    countries: ASIA,
    description: '5GB of data in Malaysia, Thailand, Indonesia and Japan for 7 days.',
  },
  {
    code: 'RP-JP-7D',
    kind: 'roaming-pack',
    name: 'Japan 6GB, 7 days',
    priceCents: 1800,
    ...once(7),
    countries: ['JP'],
    description: '6GB of data in Japan for 7 days.',
  },
  {
    code: 'RP-AU-10D',
    kind: 'roaming-pack',
    name: 'Australia 8GB, 10 days',
    priceCents: 2500,
    ...once(10),
    countries: ['AU'],
    description: '8GB of data in Australia for 10 days.',
  },
  {
    code: 'RP-ASIA-SHARE-15D',
    kind: 'roaming-pack',
    name: 'Asia Share 15GB, 15 days',
    priceCents: 3900,
    ...once(15),
    countries: ASIA,
    shareable: true,
    description:
      '15GB of data in Malaysia, Thailand, Indonesia and Japan for 15 days, shared by the lines you choose.',
  },
  {
    code: 'IDD-SAVER',
    kind: 'idd',
    name: 'IDD Saver',
    priceCents: 300,
    ...monthly,
    description: 'Half the usual rate on every call you make to a number abroad.',
  },
  {
    code: 'GLOBAL-SMS-100',
    kind: 'idd',
    name: 'Global SMS 100',
    priceCents: 200,
    ...monthly,
    description: '100 SMS to numbers abroad every month.',
  },
] as const;

/** IDD rates as the MVNE rates calls and SMS to numbers abroad (the sandbox's IDD_COUNTRIES). */
export const DEMO_IDD_RATES = [
  { country: 'MY', centsPerMinute: 8 },
  { country: 'ID', centsPerMinute: 12 },
  { country: 'IN', centsPerMinute: 10 },
  { country: 'CN', centsPerMinute: 10 },
  { country: 'PH', centsPerMinute: 18 },
  { country: 'US', centsPerMinute: 6 },
  { country: 'GB', centsPerMinute: 8 },
].map((r, sort) => ({ ...r, smsCents: 15, sort }));

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

/**
 * The demo catalog's descriptions in the other languages, as staff would write them on the console's
 * catalog page (ADR 0055).
 */
const DEMO_DESCRIPTIONS: {
  plans: Record<(typeof DEMO_PLANS)[number]['code'], Translations>;
  products: Record<(typeof DEMO_PRODUCTS)[number]['code'], Translations>;
} = demoDescriptions;

/** Loads the demo catalog; rows that exist (by code) are left as an operator may have edited them. */
export async function seedCatalog(database: Database, now = new Date()): Promise<void> {
  const { db } = database;
  await db
    .insert(cisCompanies)
    .values(DEMO_COMPANIES.map((c) => ({ ...c, createdAt: now })))
    .onConflictDoNothing();
  await db
    .insert(plans)
    .values(
      DEMO_PLANS.map((p, i) => ({
        ...p,
        descriptions: DEMO_DESCRIPTIONS.plans[p.code],
        sort: i,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((p, i) => ({
        ...p,
        countries: 'countries' in p ? [...p.countries] : [],
        planCodes: 'planCodes' in p ? [...p.planCodes] : null,
        descriptions: DEMO_DESCRIPTIONS.products[p.code],
        sort: i,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  await db.insert(iddRates).values(DEMO_IDD_RATES).onConflictDoNothing();
  await db
    .insert(promotionCodes)
    .values(
      DEMO_PROMOTIONS.map((p) => ({ ...p, validFrom: new Date('2024-01-01T00:00:00Z'), createdAt: now })),
    )
    .onConflictDoNothing();
}
