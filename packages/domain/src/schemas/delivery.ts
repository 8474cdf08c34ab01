import * as z from 'zod/mini';
import { DeliveryMethod } from '../enums.ts';
import { Messages } from '../messages.ts';
import { shipsToAddress } from '../ordering/delivery.ts';
import { isoDateField } from './account.ts';
import { requiredString, text } from './fields.ts';

export const postalCodeField = text('Postal code').check(
  z.trim(),
  z.minLength(1, Messages.required('Postal code')),
  z.regex(/^\d{6}$/, Messages.invalid('Postal code')),
);

/** A Singapore address: what OneMap fills in (block, road, building) and the unit the customer types. */
export const addressSchema = z.object({
  postalCode: postalCodeField,
  blockNumber: requiredString('Block / house number', 20),
  roadName: requiredString('Street', 200),
  building: z.optional(
    z.nullable(text('Building').check(z.trim(), z.maxLength(200, Messages.invalid('Building')))),
  ),
  unitNumber: z.optional(
    z.nullable(
      text('Unit number').check(
        z.trim(),
        z.regex(/^(#?\d{1,3}-\d{1,5}[A-Z]?)?$/i, Messages.invalid('Unit number')),
      ),
    ),
  ),
});
export type AddressInput = z.input<typeof addressSchema>;

const methods = [
  DeliveryMethod.HomeDelivery,
  DeliveryMethod.PostalMail,
  DeliveryMethod.ESimIdVerification,
  DeliveryMethod.Other,
  DeliveryMethod.SelfCollection,
] as const;

/**
 * Step 4, Delivery & Billing (for a roadshow order just Billing: no delivery method, no delivery
 * address). The billing address is the delivery address unless the customer gives another.
 */
export const deliveryStepSchema = z
  .object({
    deliveryMethod: z.nullable(
      z.union(
        methods.map((m) => z.literal(m)),
        { error: Messages.required('Delivery method') },
      ),
    ),
    delivery: z.optional(z.nullable(addressSchema)),
    deliveryDate: z.optional(z.nullable(isoDateField('Delivery date'))),
    billingSameAsDelivery: z.boolean(),
    billing: z.optional(z.nullable(addressSchema)),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        const physical = shipsToAddress(v.deliveryMethod);
        if (physical && !v.delivery)
          ctx.addIssue({
            code: 'custom',
            path: ['delivery', 'postalCode'],
            message: Messages.required('Postal code'),
            input: v.delivery,
          });
        if ((!physical || !v.billingSameAsDelivery) && !v.billing)
          ctx.addIssue({
            code: 'custom',
            path: ['billing', 'postalCode'],
            message: Messages.required('Postal code'),
            input: v.billing,
          });
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );
export type DeliveryStepInput = z.input<typeof deliveryStepSchema>;
export type DeliveryStep = z.output<typeof deliveryStepSchema>;

/** A delivery method as a query parameter. */
const methodQueryField = () =>
  z.pipe(
    z.pipe(
      text('Delivery method'),
      z.transform((v) => Number(v)),
    ),
    z.union(
      methods.map((m) => z.literal(m)),
      { error: Messages.invalid('Delivery method') },
    ),
  );

/** The address lookup; with the delivery method, it also says whether that method reaches the address. */
export const postalLookupSchema = z.object({
  postalCode: postalCodeField,
  method: z.optional(methodQueryField()),
});
export const deliveryDatesQuerySchema = z.object({ method: methodQueryField() });
