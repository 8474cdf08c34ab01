import { DeliveryMethod, formatMoney, type OrderStatus } from '@selfcare/domain';
import { deliveryDateOptions } from '@selfcare/domain/calendar';
import { DELIVERY_METHOD_LABELS } from '@selfcare/domain/fulfilment';
import { DEFAULT_FEES, lineLabel, NumberType, quoteOrder } from '@selfcare/domain/order';
import { and, eq, inArray } from 'drizzle-orm';
import { orderRepository } from '../modules/orders/order.repository.ts';
import type { Database, Tx } from './client.ts';
import {
  customerProfiles,
  deliveries,
  lineUsageSettings,
  orderEvents,
  orderLines,
  orders,
  paymentAttempts,
  paymentMethods,
  plans,
  simCards,
  staffAuditLog,
  subscriptions,
  users,
} from './schema.ts';
import { seedDemoBills } from './seed-bills.ts';

/** Where a demo customer's order has got to, as the README's "Demo logins" table says. */
type Stage = 'in-queue' | 'documents-requested' | 'active';

interface DemoLine {
  planCode: string;
  msisdn: string;
  /** An 'Us' line's own login: the demo sub-line customer with this mobile number. */
  subLogin?: string;
  /** Data rollover on (the sandbox MVNE's demo service has it on too). */
  rollover?: boolean;
}

export interface DemoOrder {
  email: string;
  idNumber: string;
  dateOfBirth: string;
  stage: Stage;
  lines: DemoLine[];
  /** Demo stock SIMs (by their number in the stock, 1 to 200) in the lines' phones, for active lines. */
  sims?: number[];
}

/**
 * The orders behind the demo logins: a paid order waiting in the staff queue, one waiting for ID
 * documents, and the active customers' lines (the main line of active@ with its two 'Us' lines, whose
 * own logins are the sub-line customers). Line numbers are in the 81/91 00 0xxx range the sandbox
 * MVNE never hands out. The SIMs in active phones are the last of the demo stock.
 */
export const DEMO_ORDERS: DemoOrder[] = [
  {
    email: 'ordered@demo.selfcare.sg',
    idNumber: 'S7100003F',
    dateOfBirth: '1971-03-14',
    stage: 'in-queue',
    lines: [{ planCode: 'VALUE-20', msisdn: '91000103' }],
  },
  {
    email: 'active@demo.selfcare.sg',
    idNumber: 'S7100004D',
    dateOfBirth: '1971-08-02',
    stage: 'active',
    lines: [
      { planCode: 'PLUS-35', msisdn: '91000004', rollover: true },
      { planCode: 'LITE-10', msisdn: '81000001', subLogin: '81000001' },
      { planCode: 'LITE-10', msisdn: '81000002', subLogin: '81000002' },
    ],
    sims: [200, 199, 198],
  },
  {
    email: 'booster@demo.selfcare.sg',
    idNumber: 'S7100005B',
    dateOfBirth: '1971-11-23',
    stage: 'active',
    lines: [{ planCode: 'VALUE-20', msisdn: '91000005' }],
    sims: [197],
  },
  {
    email: 'corporate@demo.selfcare.sg',
    idNumber: 'S7100006J',
    dateOfBirth: '1971-05-30',
    stage: 'active',
    lines: [{ planCode: 'MAX-55', msisdn: '91000006' }],
    sims: [196],
  },
  {
    email: 'documents@demo.selfcare.sg',
    idNumber: 'S7100007I',
    dateOfBirth: '1971-01-09',
    stage: 'documents-requested',
    lines: [{ planCode: 'VALUE-20', msisdn: '91000107' }],
  },
];

const STATUS: Record<Stage, OrderStatus> = {
  'in-queue': 'Payment success created in MVNE',
  'documents-requested': 'Not verified',
  active: 'Completed',
};

const HOUR = 3600_000;
/** How long ago the active demo customers' lines went live: over two months, so that they have bills. */
export const ACTIVE_DAYS = 70;
const ADDRESS = {
  postalCode: '238801',
  blockNumber: '2',
  roadName: 'ORCHARD TURN',
  building: 'ION ORCHARD',
  unitNumber: '#04-12',
};

/** A timeline entry `hoursAgo` before now, by a staff member when `staff` is set. */
interface Step {
  hoursAgo: number;
  type: string;
  detail?: string;
  staff?: 'agent' | 'admin';
  reason?: string;
}

/** The demo orders, each once: a customer who already has an order (a second start, or their own) is left alone. */
export async function seedDemoOrders(
  database: Database,
  demoSims: { iccid: string; imsi: string }[],
  staff: { agent: string; admin: string },
  now: Date,
) {
  // Read once for every demo: this runs on each start, and on all but the first places nothing.
  const emails = DEMO_ORDERS.map((d) => d.email);
  const customers = await database.db.select().from(users).where(inArray(users.email, emails));
  const ids = customers.map((c) => c.id);
  const ordering = ids.length
    ? await database.db
        .selectDistinct({ userId: orders.userId })
        .from(orders)
        .where(inArray(orders.userId, ids))
    : [];
  const hasOrder = new Set(ordering.map((o) => o.userId));
  let placed = 0;
  const active: string[] = [];
  for (const demo of DEMO_ORDERS) {
    const customer = customers.find((c) => c.email === demo.email);
    if (!customer || hasOrder.has(customer.id)) continue;
    await database.transaction((tx) => placeDemoOrder(tx, demo, customer, demoSims, staff, now));
    if (demo.stage === 'active') active.push(customer.id);
    placed++;
  }
  await seedDemoBills(database, active, new Date(now.getTime() - ACTIVE_DAYS * 24 * HOUR), now);
  return placed;
}

async function placeDemoOrder(
  tx: Tx,
  demo: DemoOrder,
  customer: typeof users.$inferSelect,
  demoSims: { iccid: string; imsi: string }[],
  staff: { agent: string; admin: string },
  now: Date,
) {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const active = demo.stage === 'active';
  // Active customers ordered over two months ago, so that they have bills behind them; the others
  // yesterday.
  const orderedHours = active ? 24 * (ACTIVE_DAYS + 2) : 26;
  const paidHours = orderedHours - 0.1;
  const createdAt = ago(orderedHours);
  // The customer registered just before ordering: 'Customer since' is not the day the demo was loaded.
  await tx.db
    .update(users)
    .set({ createdAt: ago(orderedHours + 1) })
    .where(eq(users.id, customer.id));
  const planRows = await tx.db
    .select()
    .from(plans)
    .where(
      inArray(
        plans.code,
        demo.lines.map((l) => l.planCode),
      ),
    );
  const planOf = (code: string) => planRows.find((p) => p.code === code) as typeof plans.$inferSelect;
  const quote = quoteOrder({
    lines: demo.lines.map((l, i) => ({
      label: lineLabel(i),
      planName: planOf(l.planCode).name,
      planCents: planOf(l.planCode).monthlyCents,
      addons: [],
      numberType: NumberType.New,
    })),
    deliveryMethod: DeliveryMethod.HomeDelivery,
    promotion: null,
    fees: DEFAULT_FEES,
    chargeNow: true,
  });
  const fullName = `${customer.lastName} ${customer.firstName}`;
  const profile = {
    salutation: 'Mr.',
    givenName: customer.firstName,
    familyName: customer.lastName,
    fullName,
    dateOfBirth: demo.dateOfBirth,
    contactNumber: customer.phoneNumber ?? '',
    idType: 1,
    idNumber: demo.idNumber,
    idIssueDate: '2015-01-10',
    marketing: {
      provider: { email: false, sms: false, push: false },
      thirdParty: { email: false, sms: false, push: false },
    },
  };
  // The date the customer chose, from the ones the wizard offered on the day they ordered.
  const deliveryDate = deliveryDateOptions(createdAt, DeliveryMethod.HomeDelivery)[1] ?? null;
  const order = await orderRepository.insertOrder(tx.db, {
    orderNumber: await orderRepository.nextOrderNumber(tx.db),
    userId: customer.id,
    status: STATUS[demo.stage],
    roadshow: false,
    typeSim: 0,
    deliveryMethod: DeliveryMethod.HomeDelivery,
    deliveryDate,
    deliveryAddress: ADDRESS,
    billingAddress: ADDRESS,
    profile,
    quote,
    totalCents: quote.totalCents,
    dueNowCents: quote.dueNowCents,
    mvneOrderId: `DEMO-${customer.phoneNumber}`,
    paidAt: ago(paidHours),
    createdAt,
    updatedAt: now,
  });
  const lines = await tx.db
    .insert(orderLines)
    .values(
      demo.lines.map((l, i) => ({
        orderId: order.id,
        position: i,
        planCode: l.planCode,
        addonCodes: [],
        numberType: NumberType.New,
        msisdn: l.msisdn,
        donorNetwork: null,
        iccid: active ? (demoSims[(demo.sims?.[i] ?? 0) - 1]?.iccid ?? null) : null,
      })),
    )
    .returning();
  await tx.db
    .insert(customerProfiles)
    .values({ ...profile, userId: customer.id, myinfoVerified: [], createdAt, updatedAt: createdAt })
    .onConflictDoNothing();
  // The card was saved at the demo gateway, never charged there: there is nothing to refund.
  const [card] = await tx.db
    .insert(paymentMethods)
    .values({
      userId: customer.id,
      gatewayToken: `demo-card-${customer.id}`,
      brand: 'visa',
      funding: 'credit',
      last4: '4242',
      expMonth: 12,
      expYear: now.getUTCFullYear() + 3,
      holderName: fullName,
      createdAt,
    })
    .returning({ id: paymentMethods.id });
  await tx.db.insert(paymentAttempts).values({
    orderId: order.id,
    userId: customer.id,
    amountCents: quote.dueNowCents,
    status: 'succeeded',
    paymentMethodId: card?.id ?? null,
    createdAt,
    updatedAt: ago(paidHours),
  });

  const steps: Step[] = [
    { hoursAgo: orderedHours, type: 'order-created' },
    { hoursAgo: paidHours, type: 'paid', detail: formatMoney(quote.dueNowCents) },
    { hoursAgo: paidHours - 0.05, type: 'mvne-created', detail: `DEMO-${customer.phoneNumber}` },
  ];
  if (demo.stage === 'documents-requested')
    steps.push({
      hoursAgo: 20,
      type: 'request-documents',
      staff: 'agent',
      reason: 'The photo of the back of your NRIC is blurred. Please upload a sharper one.',
    });
  if (active) {
    const tracking = `NV-DEMO-${customer.phoneNumber}`;
    const method = DELIVERY_METHOD_LABELS[DeliveryMethod.HomeDelivery];
    steps.push(
      { hoursAgo: 24 * (ACTIVE_DAYS + 1), type: 'verify', staff: 'agent' },
      {
        hoursAgo: 24 * (ACTIVE_DAYS + 1) - 1,
        type: 'create-delivery',
        detail: `${method} · ${tracking}`,
        staff: 'agent',
      },
      { hoursAgo: 24 * ACTIVE_DAYS, type: 'mark-delivered', staff: 'agent' },
      { hoursAgo: 24 * ACTIVE_DAYS - 1, type: 'activate', staff: 'agent' },
      ...demo.lines.map((l) => ({
        hoursAgo: 24 * ACTIVE_DAYS - 1.05,
        type: 'line-activated',
        detail: l.msisdn,
      })),
      { hoursAgo: 24 * ACTIVE_DAYS - 1.05, type: 'activated' },
    );
    await tx.db.insert(deliveries).values({
      orderId: order.id,
      deliveryMethod: DeliveryMethod.HomeDelivery,
      deliveryDate: deliveryDate ?? order.createdAt.toISOString().slice(0, 10),
      trackingCode: tracking,
      status: 'delivered',
      iccids: lines.map((l) => l.iccid).filter((x): x is string => x !== null),
      createdBy: staff.agent,
      createdAt: ago(24 * (ACTIVE_DAYS + 1) - 1),
      completedAt: ago(24 * ACTIVE_DAYS),
    });
    await activateLines(tx, demo, customer.id, order.id, lines, demoSims, ago(24 * ACTIVE_DAYS - 1.05));
  }
  let previous: OrderStatus = 'Payment success created in MVNE';
  for (const step of steps) {
    const at = ago(step.hoursAgo);
    const staffId = step.staff ? staff[step.staff] : null;
    await tx.db.insert(orderEvents).values({
      orderId: order.id,
      at,
      type: step.type,
      detail: step.detail ?? step.reason ?? '',
      staffId,
    });
    if (!staffId) continue;
    const to: OrderStatus = AUDITED_STATUS[step.type] ?? previous;
    await tx.db.insert(staffAuditLog).values({
      at,
      staffId,
      action: step.type,
      orderId: order.id,
      subject: order.orderNumber,
      reason: step.reason ?? null,
      detail: { from: previous, to },
    });
    previous = to;
  }
}

/** The status each staff step of the demo timelines leaves the order in. */
const AUDITED_STATUS: Record<string, OrderStatus> = {
  verify: 'Verified',
  'request-documents': 'Not verified',
  'create-delivery': 'Delivery in progress',
  'mark-delivered': 'Delivery completed',
  activate: 'Delivery completed',
};

/** Active lines in service on demo stock SIMs; each 'Us' line with its own login. */
async function activateLines(
  tx: Tx,
  demo: DemoOrder,
  userId: string,
  orderId: string,
  lines: (typeof orderLines.$inferSelect)[],
  demoSims: { iccid: string; imsi: string }[],
  at: Date,
) {
  for (const line of lines) {
    const spec = demo.lines[line.position] as DemoLine;
    const sim = demoSims[(demo.sims?.[line.position] ?? 0) - 1];
    const [login] = spec.subLogin
      ? await tx.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, spec.subLogin))
      : [];
    const [row] = await tx.db
      .insert(subscriptions)
      .values({
        userId,
        orderId,
        orderLineId: line.id,
        msisdn: line.msisdn,
        typeSim: 0,
        iccid: sim?.iccid ?? null,
        imsi: sim?.imsi ?? null,
        planCode: line.planCode,
        isMainLine: line.position === 0,
        lineUserId: login?.id ?? null,
        state: 'active',
        mvneServiceId: `DEMO-${line.msisdn}`,
        requestedAt: at,
        activatedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: subscriptions.id });
    if (row && spec.rollover)
      await tx.db.insert(lineUsageSettings).values({ lineId: row.id, rollover: true, updatedAt: at });
    // The SIM leaves the stock only if it is still there (a database stocked otherwise has none of these).
    if (sim)
      await tx.db
        .update(simCards)
        .set({ state: 'active', orderLineId: line.id, updatedAt: at })
        .where(and(eq(simCards.iccid, sim.iccid), eq(simCards.state, 'available')));
  }
}
