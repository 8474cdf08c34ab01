import * as z from 'zod/mini';
import { LIMIT_SUBLINE } from '../constants.ts';
import { TypeSim } from '../enums.ts';
import { Messages } from '../messages.ts';
import { NETWORKS, NumberType } from '../ordering/enums.ts';
import { OrderMessages } from '../ordering/messages.ts';
import { compactNumber } from '../phone.ts';
import { text } from './fields.ts';

/** The most lines one order may hold: the main line ('Me') and up to `limitSubline` others ('Us'). */
export const MAX_ORDER_LINES = 1 + LIMIT_SUBLINE;

const code = (message: string) =>
  text('Code', message, message).check(z.trim(), z.minLength(1, message), z.maxLength(40, message));

/** Step 1, Plan Configuration: SIM type and, per line, a plan and its add-ons. */
export const planStepSchema = z.object({
  typeSim: z.union([z.literal(TypeSim.Physical), z.literal(TypeSim.ESim)], {
    error: Messages.required('SIM type'),
  }),
  lines: z
    .array(
      z.object({
        planCode: code(OrderMessages.choosePlan),
        addonCodes: z
          .array(code(Messages.invalid('Add-on')))
          .check(z.maxLength(10, Messages.invalid('Add-on'))),
      }),
    )
    .check(
      z.minLength(1, OrderMessages.choosePlan),
      z.maxLength(MAX_ORDER_LINES, OrderMessages.tooManyLines(MAX_ORDER_LINES)),
    ),
});
export type PlanStepInput = z.input<typeof planStepSchema>;

const numberChoice = z.object({
  numberType: z.union([z.literal(NumberType.New), z.literal(NumberType.PortIn)], {
    error: Messages.required('Number type'),
  }),
  /** The 8 national digits, as chosen from the list (new) or typed (port-in). */
  msisdn: z.pipe(
    text('Number', OrderMessages.chooseNumber).check(z.trim(), z.maxLength(20, Messages.invalid('Number'))),
    z.transform(compactNumber),
  ),
  /** Port-in only: the donor network's id in NETWORKS. */
  donorNetwork: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lt(NETWORKS.length)))),
  /** Port-in only: the customer confirms the number is postpaid and stays active until it moves. */
  confirmPostpaid: z.optional(z.boolean()),
});

/**
 * Step 2, Number Selection. The messages depend on the line: the main line is 'Me' when the order
 * has other lines ('Us'); a one-line order just says 'Number'.
 */
export const numberStepSchema = z
  .object({
    lines: z
      .array(numberChoice)
      .check(
        z.minLength(1, OrderMessages.chooseNumber),
        z.maxLength(MAX_ORDER_LINES, OrderMessages.tooManyLines(MAX_ORDER_LINES)),
      ),
  })
  .check(
    z.superRefine((value, ctx) => {
      const many = value.lines.length > 1;
      const seen = new Map<string, number>();
      value.lines.forEach((line, i) => {
        const digits = line.msisdn;
        const at = (field: string) => ['lines', i, field];
        if (line.numberType === NumberType.New) {
          if (!/^[89]\d{7}$/.test(digits)) {
            const message = !many
              ? OrderMessages.chooseNumber
              : i === 0
                ? OrderMessages.chooseMeNumber
                : OrderMessages.chooseUsNumber;
            ctx.addIssue({ code: 'custom', path: at('msisdn'), message, input: line.msisdn });
            return;
          }
        } else {
          if (!/^\d{8}$/.test(digits)) {
            const message = many && i === 0 ? Messages.completeMeNumber : Messages.completeNumber;
            ctx.addIssue({ code: 'custom', path: at('msisdn'), message, input: line.msisdn });
            return;
          }
          if (!/^[89]/.test(digits))
            ctx.addIssue({
              code: 'custom',
              path: at('msisdn'),
              message: Messages.invalid('Mobile number'),
              input: line.msisdn,
            });
          if (line.donorNetwork === undefined || line.donorNetwork === null)
            ctx.addIssue({
              code: 'custom',
              path: at('donorNetwork'),
              message: OrderMessages.donorRequired,
              input: line.donorNetwork,
            });
          if (line.confirmPostpaid !== true)
            ctx.addIssue({
              code: 'custom',
              path: at('confirmPostpaid'),
              message: OrderMessages.confirmPostpaid,
              input: line.confirmPostpaid,
            });
        }
        if (seen.has(digits))
          ctx.addIssue({
            code: 'custom',
            path: at('msisdn'),
            message: OrderMessages.duplicateNumber,
            input: line.msisdn,
          });
        seen.set(digits, i);
      });
    }),
  );
export type NumberStepInput = z.input<typeof numberStepSchema>;

/** The label of line `i` in an order of `count` lines: 'Me', then 'Us 1', 'Us 2', ... */
export const lineLabel = (i: number) => (i === 0 ? 'Me' : `Us ${i}`);

export const numberSearchSchema = z.object({
  contains: z.optional(
    text('Number', undefined, Messages.onlyNumbers).check(z.regex(/^\d{0,8}$/, Messages.onlyNumbers)),
  ),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(500))),
});

export const promotionCheckSchema = z.object({
  code: text('Promotion code', undefined, OrderMessages.promotionInvalid).check(
    z.trim(),
    z.minLength(1, Messages.required('Promotion code')),
    z.maxLength(40, OrderMessages.promotionInvalid),
  ),
});
