import * as z from 'zod/mini';
import { DeliveryMethod, TypeSim } from '../enums.ts';
import { Messages } from '../messages.ts';
import { isValidNricOrFin } from '../nric.ts';
import { shipsToAddress } from '../ordering/delivery.ts';
import { NETWORKS, NumberType } from '../ordering/enums.ts';
import { OrderMessages } from '../ordering/messages.ts';
import { compactNumber } from '../phone.ts';
import { isoDateField } from './account.ts';
import { addressSchema } from './delivery.ts';
import { requiredString, sgMobileField, text } from './fields.ts';

/** The user-facing texts of /manage/mobileSubLine; the spec's words where it quotes them. */
export const SubLineMessages = {
  added: 'Us added successfully.',
  chooseUsNumber: OrderMessages.chooseUsNumber,
  individualOnly:
    "'Us' lines are for individual customers. Please contact us to add lines to a corporate account.",
  activeOnly: "You can add 'Us' lines once your own line is active.",
  idInvalid: 'Please enter a valid NRIC or FIN.',
  closing:
    'You have asked us to close your account, so no lines can be added. Withdraw the request to add one.',
  /**
   * An 'Us' line names a person who is another of our customers (ADR 0032): the spec's words for an ID
   * number registered already, and what to do instead.
   */
  idOfAnotherAccount: `${Messages.idTaken}. Please ask its holder to add the line from their own account.`,
  personAtLimit:
    'This person already holds 10 lines with us, the most one person may hold. Please choose someone else.',
} as const;

/** A new number chosen from the list for an 'Us' line: 8 digits starting 8 or 9. */
const usNumber = z
  .pipe(
    text('Number', OrderMessages.chooseUsNumber).check(
      z.trim(),
      z.maxLength(20, OrderMessages.chooseUsNumber),
    ),
    z.transform(compactNumber),
  )
  .check(z.refine((v: string) => /^[89]\d{7}$/.test(v), OrderMessages.chooseUsNumber));

/** PUT /api/v1/sub-lines/hold: the new number to hold for the 'Us' line being added. */
export const subLineHoldSchema = z.object({ msisdn: usNumber });
export type SubLineHoldInput = z.input<typeof subLineHoldSchema>;

/** Who will use the 'Us' line: registered to them by their NRIC or FIN, as the law asks of every line. */
export const assigneeSchema = z.object({
  fullName: requiredString('Full name as on ID', 200),
  idNumber: z
    .pipe(
      requiredString('NRIC or FIN', 9),
      z.transform((v: string) => v.toUpperCase()),
    )
    .check(z.refine(isValidNricOrFin, SubLineMessages.idInvalid)),
  contactNumber: sgMobileField('Contact number'),
});

const methods = Object.values(DeliveryMethod) as DeliveryMethod[];

/**
 * How the 'Us' line's SIM reaches its user: the order wizard's delivery, without its billing half
 * (the customer's bills already go to their billing address).
 */
export const subLineDeliverySchema = z
  .object({
    deliveryMethod: z.union(
      methods.map((m) => z.literal(m)),
      { error: Messages.required('Delivery method') },
    ),
    delivery: z.optional(z.nullable(addressSchema)),
    deliveryDate: z.optional(z.nullable(isoDateField('Delivery date'))),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        if (shipsToAddress(v.deliveryMethod) && !v.delivery)
          ctx.addIssue({
            code: 'custom',
            path: ['delivery', 'postalCode'],
            message: Messages.required('Postal code'),
            input: v.delivery,
          });
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );
export type SubLineDelivery = z.output<typeof subLineDeliverySchema>;

/**
 * POST /api/v1/sub-lines: an 'Us' line for someone the customer names — its plan, a new number (held
 * first) or one ported in, SIM or eSIM, and how it reaches its user.
 */
export const subLineCreateSchema = z
  .object({
    assignee: assigneeSchema,
    planCode: text('Plan', OrderMessages.choosePlan).check(
      z.trim(),
      z.minLength(1, OrderMessages.choosePlan),
      z.maxLength(40, OrderMessages.choosePlan),
    ),
    typeSim: z.union([z.literal(TypeSim.Physical), z.literal(TypeSim.ESim)], {
      error: Messages.required('SIM type'),
    }),
    numberType: z.union([z.literal(NumberType.New), z.literal(NumberType.PortIn)], {
      error: Messages.required('Number type'),
    }),
    msisdn: z.pipe(
      text('Number', OrderMessages.chooseUsNumber).check(
        z.trim(),
        z.maxLength(20, Messages.invalid('Number')),
      ),
      z.transform(compactNumber),
    ),
    donorNetwork: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lt(NETWORKS.length)))),
    confirmPostpaid: z.optional(z.boolean()),
    delivery: subLineDeliverySchema,
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        const issue = (path: string, message: string) =>
          ctx.addIssue({ code: 'custom', path: [path], message, input: v });
        if (v.numberType === NumberType.New) {
          if (!/^[89]\d{7}$/.test(v.msisdn)) issue('msisdn', OrderMessages.chooseUsNumber);
        } else {
          if (!/^\d{8}$/.test(v.msisdn)) issue('msisdn', Messages.completeNumber);
          else if (!/^[89]/.test(v.msisdn)) issue('msisdn', Messages.invalid('Mobile number'));
          if (v.donorNetwork === undefined || v.donorNetwork === null)
            issue('donorNetwork', OrderMessages.donorRequired);
          if (v.confirmPostpaid !== true) issue('confirmPostpaid', OrderMessages.confirmPostpaid);
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );
export type SubLineCreateInput = z.input<typeof subLineCreateSchema>;
export type SubLineCreate = z.output<typeof subLineCreateSchema>;
