import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { Messages } from '../messages.ts';
import { OrderMessages } from '../ordering/messages.ts';
import { MAX_ORDER_LINES, numberStepSchema, planStepSchema } from './order.ts';

function messages(schema: z.ZodMiniType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('plan step', () => {
  it('wants a plan on every line', () => {
    expect(messages(planStepSchema, { typeSim: 0, lines: [{ planCode: '', addonCodes: [] }] })).toEqual({
      'lines.0.planCode': OrderMessages.choosePlan,
    });
    expect(messages(planStepSchema, { typeSim: 0, lines: [] })).toEqual({ lines: OrderMessages.choosePlan });
  });

  it('takes a SIM type of 0 or 1 and at most the main line and 9 others', () => {
    expect(messages(planStepSchema, { typeSim: 2, lines: [{ planCode: 'A', addonCodes: [] }] })).toEqual({
      typeSim: Messages.required('SIM type'),
    });
    const line = { planCode: 'A', addonCodes: [] };
    expect(planStepSchema.safeParse({ typeSim: 1, lines: Array(MAX_ORDER_LINES).fill(line) }).success).toBe(
      true,
    );
    expect(messages(planStepSchema, { typeSim: 1, lines: Array(MAX_ORDER_LINES + 1).fill(line) })).toEqual({
      lines: OrderMessages.tooManyLines(MAX_ORDER_LINES),
    });
  });
});

describe('number step', () => {
  const normal = (msisdn: string) => ({ numberType: 'NORMAL', msisdn });
  const retain = (msisdn: string, extra = {}) => ({
    numberType: 'RETAIN',
    msisdn,
    donorNetwork: 1,
    confirmPostpaid: true,
    ...extra,
  });

  it('says Number for a one-line order, Me and Us when there are more', () => {
    expect(messages(numberStepSchema, { lines: [normal('')] })).toEqual({
      'lines.0.msisdn': OrderMessages.chooseNumber,
    });
    expect(messages(numberStepSchema, { lines: [normal(''), normal('')] })).toEqual({
      'lines.0.msisdn': OrderMessages.chooseMeNumber,
      'lines.1.msisdn': OrderMessages.chooseUsNumber,
    });
  });

  it('asks to finish typing a port-in number', () => {
    expect(messages(numberStepSchema, { lines: [retain('9123')] })).toEqual({
      'lines.0.msisdn': Messages.completeNumber,
    });
    expect(messages(numberStepSchema, { lines: [retain('9123'), retain('812')] })).toEqual({
      'lines.0.msisdn': Messages.completeMeNumber,
      'lines.1.msisdn': Messages.completeNumber,
    });
  });

  it('wants a Singapore mobile, the donor network and the postpaid confirmation for a port-in', () => {
    expect(messages(numberStepSchema, { lines: [retain('61234567')] })).toEqual({
      'lines.0.msisdn': Messages.invalid('Mobile number'),
    });
    expect(
      messages(numberStepSchema, {
        lines: [retain('91234567', { donorNetwork: null, confirmPostpaid: false })],
      }),
    ).toEqual({
      'lines.0.donorNetwork': OrderMessages.donorRequired,
      'lines.0.confirmPostpaid': OrderMessages.confirmPostpaid,
    });
    expect(numberStepSchema.safeParse({ lines: [retain('+65 9123 4567')] }).success).toBe(true);
  });

  it('refuses the same number on two lines', () => {
    expect(messages(numberStepSchema, { lines: [normal('88123456'), retain('88123456')] })).toEqual({
      'lines.1.msisdn': OrderMessages.duplicateNumber,
    });
  });
});
