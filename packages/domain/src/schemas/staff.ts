import * as z from 'zod/mini';
import { DeliveryMethod, ORDER_STATUSES, STAFF_ROLES, TypeSim } from '../enums.ts';
import { FulfilmentMessages } from '../fulfilment/messages.ts';
import { normalizeIccid, normalizeImsi, SIM_STATES } from '../fulfilment/sim.ts';
import { REPLACEMENT_STATES } from '../lost-sim.ts';
import { Messages } from '../messages.ts';
import { formatMoney } from '../money.ts';
import { isoDateField } from './account.ts';
import { emailField, requiredString, text } from './fields.ts';
import { passkeySignInSchema } from './passkeys.ts';

/** Staff sign in with their password and the 6-digit code their authenticator app shows. */
export const staffLoginSchema = z.object({
  email: emailField(),
  password: text('Password').check(
    z.minLength(1, Messages.required('Password')),
    z.maxLength(128, Messages.invalid('Password')),
  ),
  code: text('Authenticator code').check(z.trim(), z.regex(/^\d{6}$/, 'Authenticator code must be 6 digits')),
});
export type StaffLoginInput = z.input<typeof staffLoginSchema>;

/**
 * Staff sign in with their password and a passkey instead of the code (ADR 0059): the ceremony the
 * server began and the passkey's signature, its user verified.
 */
export const staffPasskeyLoginSchema = z.object({
  email: staffLoginSchema.shape.email,
  password: staffLoginSchema.shape.password,
  passkey: passkeySignInSchema,
});
/** What the sign-in form checks before it asks the device for a passkey: the email and password. */
export const staffCredentialsSchema = z.pick(staffLoginSchema, { email: true, password: true });
export type StaffPasskeyLoginInput = z.input<typeof staffPasskeyLoginSchema>;

export const staffUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffSessionSchema = z.object({
  token: z.string(),
  exp: z.number(),
  staff: staffUserSchema,
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** The queue's filters. `status` 'open' means every order staff still have work on. */
export const staffOrderQuerySchema = z.object({
  status: z.optional(z.union([z.enum(ORDER_STATUSES), z.literal('open'), z.literal('all')])),
  typeSim: z.optional(z.coerce.number().check(z.refine((v) => v === TypeSim.Physical || v === TypeSim.ESim))),
  from: z.optional(isoDateField('From')),
  to: z.optional(isoDateField('To')),
  q: z.optional(text('Search').check(z.trim(), z.maxLength(100, Messages.invalid('Search')))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});
export type StaffOrderQuery = z.infer<typeof staffOrderQuerySchema>;

/** Why: every action that turns an order away or sends it back says so, for the customer and the audit log. */
export const staffReasonSchema = z.object({ reason: requiredString('Reason', 500) });
export type StaffReasonInput = z.input<typeof staffReasonSchema>;

/** A supervisor applies a payment nothing matched to a bill, named by its number as the bill shows it. */
export const applyUnmatchedSchema = z.object({
  billNumber: requiredString('Bill number', 40),
  reason: requiredString('Reason', 500),
});
export type ApplyUnmatchedInput = z.input<typeof applyUnmatchedSchema>;

/** The most a supervisor may credit at once (ADR 0043): $500.00. More is a refund, not a credit. */
export const STAFF_CREDIT_MAX_CENTS = 50_000;

export const StaffCreditMessages = {
  amountRequired: Messages.required('Amount'),
  amountFormat: 'Amount must be in dollars and cents, like 5.50',
  amountZero: 'Amount must be more than $0.00',
  amountTooMuch: `Amount must be at most ${formatMoney(STAFF_CREDIT_MAX_CENTS)}`,
} as const;

/** A credit's amount as a person types it ('5.5', '$12.00'), in cents: more than nothing, at most the maximum. */
const creditAmountField = z.pipe(
  text('Amount').check(z.trim(), z.minLength(1, StaffCreditMessages.amountRequired)),
  z.transform((value: string, ctx) => {
    const m = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(value);
    const issue = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    if (!m) return issue(StaffCreditMessages.amountFormat);
    const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    if (cents <= 0) return issue(StaffCreditMessages.amountZero);
    if (cents > STAFF_CREDIT_MAX_CENTS) return issue(StaffCreditMessages.amountTooMuch);
    return cents;
  }),
);

/**
 * 'Give a credit' (ADR 0043): an amount off the customer's next bill, optionally for one of their
 * charges ('' or none: a goodwill credit), with the supervisor's reason for the audit log.
 */
export const staffCreditSchema = z.object({
  amount: creditAmountField,
  chargeId: z.optional(z.nullable(z.union([z.literal(''), z.uuid('Charge is invalid')]))),
  reason: requiredString('Reason', 500),
});
export type StaffCreditInput = z.input<typeof staffCreditSchema>;

/** The credit as the page sends it: `requestKey` is the page's key for it, so a second submit gives it once. */
export const staffCreditRequestSchema = z.extend(staffCreditSchema, {
  requestKey: z.uuid('Request key is invalid'),
});

export const staffNoteSchema = z.object({
  note: z.optional(text('Note').check(z.trim(), z.maxLength(500, Messages.invalid('Note')))),
});

const iccidField = z.pipe(
  text('ICCID'),
  z.transform((v: string, ctx) => {
    const iccid = normalizeIccid(v);
    if (!iccid)
      ctx.issues.push({
        code: 'custom',
        message: v.trim() ? Messages.invalid('ICCID') : Messages.required('ICCID'),
        input: v,
      });
    return iccid ?? '';
  }),
);

const imsiField = z.pipe(
  text('IMSI'),
  z.transform((v: string, ctx) => {
    const imsi = normalizeImsi(v);
    if (!imsi)
      ctx.issues.push({
        code: 'custom',
        message: v.trim() ? Messages.invalid('IMSI') : Messages.required('IMSI'),
        input: v,
      });
    return imsi ?? '';
  }),
);

/** How staff may send a physical SIM, in the order the console offers them. */
export const SHIPPING_METHODS = [
  DeliveryMethod.HomeDelivery,
  DeliveryMethod.PostalMail,
  DeliveryMethod.SelfCollection,
  DeliveryMethod.Other,
] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/**
 * Where 'Create delivery order' starts: the customer's chosen method (home delivery when they chose
 * none staff can send), and their chosen day unless it has passed (a parcel cannot go yesterday).
 * Days are ISO dates, which compare as text.
 */
export function deliveryOrderDefaults(
  chosen: { deliveryMethod: number | null; deliveryDate: string | null },
  today: string,
): { method: ShippingMethod; date: string } {
  const method = SHIPPING_METHODS.find((m) => m === chosen.deliveryMethod) ?? DeliveryMethod.HomeDelivery;
  const date = chosen.deliveryDate && chosen.deliveryDate >= today ? chosen.deliveryDate : today;
  return { method, date };
}

/** A courier's tracking code as we accept it; `FulfilmentMessages.trackingCodeHint` says so to staff. */
export const TRACKING_CODE = /^[A-Za-z0-9-]{4,40}$/;

/** 'Create delivery order': one SIM from stock for each line, how and when it goes, and its tracking code. */
export const createDeliverySchema = z.object({
  deliveryMethod: z.union(
    SHIPPING_METHODS.map((m) => z.literal(m)),
    { error: Messages.required('Delivery method') },
  ),
  deliveryDate: isoDateField('Delivery date'),
  trackingCode: text('Tracking code').check(
    z.trim(),
    z.minLength(1, Messages.required('Tracking code')),
    z.regex(TRACKING_CODE, FulfilmentMessages.trackingCodeInvalid),
  ),
  sims: z
    .array(z.object({ lineId: z.uuid(), iccid: iccidField }))
    .check(z.minLength(1, Messages.required('ICCID')), z.maxLength(10)),
});
export type CreateDeliveryInput = z.input<typeof createDeliverySchema>;

/**
 * 'Create delivery order' for a lost SIM's replacement (ADR 0029): as for an order, with the one SIM
 * from stock that replaces the line's.
 */
export const replacementDeliverySchema = z.object({
  deliveryMethod: createDeliverySchema.shape.deliveryMethod,
  deliveryDate: createDeliverySchema.shape.deliveryDate,
  trackingCode: createDeliverySchema.shape.trackingCode,
  iccid: iccidField,
});
export type ReplacementDeliveryInput = z.input<typeof replacementDeliverySchema>;

/** 'Enter IMSI to activate' a replacement: the IMSI of the SIM sent for it. */
export const replacementActivationSchema = z.object({ imsi: imsiField });
export type ReplacementActivationInput = z.input<typeof replacementActivationSchema>;

/** 'Enter IMSI to activate': the IMSI of the SIM delivered for each line. */
export const activateByImsiSchema = z.object({
  lines: z.array(z.object({ lineId: z.uuid(), imsi: imsiField })).check(z.minLength(1), z.maxLength(10)),
});
export type ActivateByImsiInput = z.input<typeof activateByImsiSchema>;

export const simStockQuerySchema = z.object({
  state: z.optional(z.enum(SIM_STATES)),
  q: z.optional(text('Search').check(z.trim(), z.maxLength(20, Messages.invalid('Search')))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});

export const simStateChangeSchema = z.object({
  state: z.enum(['lost', 'retired']),
  reason: requiredString('Reason', 500),
});

/** The lost SIMs' replacements staff see: 'open' (the default) is every one still under way. */
export const staffReplacementQuerySchema = z.object({
  state: z.optional(z.union([z.enum(REPLACEMENT_STATES), z.literal('open'), z.literal('all')])),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});
export type StaffReplacementQuery = z.infer<typeof staffReplacementQuerySchema>;

/** The longest description staff may write in a language: the English ones are under 120 characters. */
export const CATALOG_DESCRIPTION_MAX = 300;

const description = (field: string) =>
  z.optional(
    text(field).check(
      z.trim(),
      z.maxLength(CATALOG_DESCRIPTION_MAX, `${field} must be at most ${CATALOG_DESCRIPTION_MAX} characters`),
    ),
  );

/**
 * A plan's or product's description in the other languages (ADR 0055): each as staff wrote it, an
 * empty one leaving that language to read the English.
 */
export const catalogDescriptionsSchema = z.object({
  zh: description('Chinese description'),
  ms: description('Malay description'),
  ta: description('Tamil description'),
});
export type CatalogDescriptionsInput = z.input<typeof catalogDescriptionsSchema>;
