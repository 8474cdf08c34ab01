import { z } from 'zod/mini';
import { ORDER_STATUSES } from '../enums.ts';
import { LINE_STATES } from '../fulfilment/lines.ts';
import { ORDER_KINDS } from '../fulfilment/order-flow.ts';
import { SIM_STATES } from '../fulfilment/sim.ts';
import { REPLACEMENT_STATES } from '../lost-sim.ts';

/** POST /api/v1/staff/auth/login and /refresh answer a StaffSession, GET /api/v1/staff/auth/me a StaffUser. */
export { type StaffSession, type StaffUser, staffSessionSchema, staffUserSchema } from '../schemas/staff.ts';

/** A page of one of the console's lists. */
const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

/** An order's status, as every staff order answer gives it. */
const orderStatus = z.enum(ORDER_STATUSES);

/** GET /api/v1/staff/orders (each item): one order in the queue. */
export const staffQueueItemSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: orderStatus,
  typeSim: z.number(),
  deliveryMethod: z.nullable(z.number()),
  totalCents: z.number(),
  fullName: z.nullable(z.string()),
  idNumber: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  lineCount: z.number(),
});
export type StaffQueueItem = z.infer<typeof staffQueueItemSchema>;

/** GET /api/v1/staff/orders: a page of the order queue. */
export const staffQueuePageSchema = pageOf(staffQueueItemSchema);
export type StaffQueuePage = z.infer<typeof staffQueuePageSchema>;

/** An address as the order stored it (block, road, unit, building, postal code). */
const addressSchema = z.record(z.string(), z.optional(z.nullable(z.string())));
export type StaffOrderAddress = z.infer<typeof addressSchema>;

/** GET /api/v1/staff/orders/:id: everything staff need to decide on an order, and what it can do now. */
export const staffOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatus,
  createdAt: z.string(),
  roadshow: z.boolean(),
  /** 'sub-line': an 'Us' line an active customer added, paid on their next bill (ADR 0031). */
  kind: z.enum(ORDER_KINDS),
  typeSim: z.number(),
  deliveryMethod: z.nullable(z.number()),
  deliveryDate: z.nullable(z.string()),
  deliveryAddress: z.nullable(addressSchema),
  billingAddress: addressSchema,
  totalCents: z.number(),
  dueNowCents: z.number(),
  mvneOrderId: z.nullable(z.string()),
  customer: z.object({
    id: z.string(),
    email: z.nullable(z.string()),
    phoneNumber: z.nullable(z.string()),
    status: z.number(),
  }),
  profile: z.object({
    salutation: z.string(),
    fullName: z.string(),
    dateOfBirth: z.string(),
    contactNumber: z.string(),
    idType: z.number(),
    idNumber: z.string(),
    idIssueDate: z.string(),
    idExpiryDate: z.nullable(z.string()),
    passType: z.nullable(z.string()),
    passExpiry: z.nullable(z.string()),
    employer: z.nullable(z.string()),
    myinfoVerified: z.array(z.string()),
  }),
  lines: z.array(
    z.object({
      id: z.string(),
      position: z.number(),
      label: z.string(),
      planCode: z.string(),
      planName: z.string(),
      addonCodes: z.array(z.string()),
      numberType: z.string(),
      msisdn: z.string(),
      donorNetwork: z.nullable(z.string()),
      iccid: z.nullable(z.string()),
      /** An 'Us' line added after activation: who will use it (ADR 0031). */
      assignee: z.nullable(
        z.object({ fullName: z.string(), idNumber: z.string(), contactNumber: z.string() }),
      ),
      service: z.nullable(z.enum(LINE_STATES)),
    }),
  ),
  payment: z.nullable(z.object({ amountCents: z.number(), at: z.string(), card: z.nullable(z.string()) })),
  refund: z.nullable(z.object({ amountCents: z.number(), status: z.string() })),
  deliveries: z.array(
    z.object({
      id: z.string(),
      deliveryMethod: z.number(),
      deliveryDate: z.string(),
      trackingCode: z.string(),
      status: z.string(),
      iccids: z.array(z.string()),
      failureReason: z.nullable(z.string()),
      createdAt: z.string(),
      completedAt: z.nullable(z.string()),
      createdBy: z.string(),
    }),
  ),
  documents: z.array(
    z.object({
      id: z.string(),
      side: z.string(),
      fileName: z.string(),
      mimeType: z.string(),
      sizeBytes: z.number(),
      createdAt: z.string(),
    }),
  ),
  timeline: z.array(
    z.object({ at: z.string(), type: z.string(), detail: z.string(), staff: z.nullable(z.string()) }),
  ),
  audit: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      action: z.string(),
      reason: z.nullable(z.string()),
      subject: z.nullable(z.string()),
      staff: z.string(),
      role: z.string(),
    }),
  ),
  actions: z.array(z.string()),
  /** The order waits on the MVNE (hand-over, activation): the console looks again until it does not. */
  waitingOnMvne: z.boolean(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/** POST /api/v1/staff/orders/:id/<action> (verify, reject, create delivery, activate…): the order's new status. */
export const staffActionResultSchema = z.object({ status: orderStatus });
export type StaffActionResult = z.infer<typeof staffActionResultSchema>;

/** GET /api/v1/staff/sims (each item): one SIM in stock and where it went. */
export const stockSimSchema = z.object({
  iccid: z.string(),
  imsi: z.string(),
  state: z.enum(SIM_STATES),
  stateReason: z.nullable(z.string()),
  updatedAt: z.string(),
  orderId: z.nullable(z.string()),
  orderNumber: z.nullable(z.string()),
  msisdn: z.nullable(z.string()),
});
export type StockSim = z.infer<typeof stockSimSchema>;

/** GET /api/v1/staff/sims: a page of SIM stock. */
export const stockSimPageSchema = pageOf(stockSimSchema);
export type StockSimPage = z.infer<typeof stockSimPageSchema>;

/** GET /api/v1/staff/sims/stock: how many SIMs are in each state, and a warning when available stock is low. */
export const simStockSchema = z.object({
  counts: z.record(z.enum(SIM_STATES), z.number()),
  lowStock: z.nullable(z.string()),
});
export type SimStock = z.infer<typeof simStockSchema>;

/** POST /api/v1/staff/sims/import (201): what a stock file added, what was already there, and its bad lines. */
export const simImportReportSchema = z.object({
  batchId: z.string(),
  added: z.number(),
  alreadyInStock: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type SimImportReport = z.infer<typeof simImportReportSchema>;

/** POST /api/v1/staff/sims/:iccid/state: the SIM taken out of service and its new state. */
export const simStateResultSchema = z.object({ iccid: z.string(), state: z.string() });
export type SimStateResult = z.infer<typeof simStateResultSchema>;

/** GET /api/v1/staff/replacements (each item): a lost SIM's replacement, as staff work it (ADR 0029). */
export const staffReplacementSchema = z.object({
  id: z.string(),
  state: z.enum(REPLACEMENT_STATES),
  typeSim: z.number(),
  lineId: z.string(),
  msisdn: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.nullable(z.string()) }),
  reportedAt: z.string(),
  /** When the MVNE blocked the lost SIM; null while that is on its way. */
  blockedAt: z.nullable(z.string()),
  lostIccid: z.nullable(z.string()),
  /** The SIM from stock sent to replace it. */
  newIccid: z.nullable(z.string()),
  /** Where the SIM goes, on one line; null when the customer's order left none. */
  deliveryAddress: z.nullable(z.string()),
  deliveryMethod: z.nullable(z.number()),
  deliveryDate: z.nullable(z.string()),
  trackingCode: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  activationRequestedAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  /** Why the last delivery failed, or why the MVNE refused the new SIM. */
  failure: z.nullable(z.string()),
  /** The staff actions it can take now. */
  actions: z.array(z.string()),
});
export type StaffReplacement = z.infer<typeof staffReplacementSchema>;

/** GET /api/v1/staff/replacements: a page of lost SIMs' replacements. */
export const staffReplacementPageSchema = pageOf(staffReplacementSchema);
export type StaffReplacementPage = z.infer<typeof staffReplacementPageSchema>;
