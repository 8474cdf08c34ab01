import * as z from 'zod/mini';
import { FulfilmentMessages } from '../fulfilment/messages.ts';
import { normalizeIccid } from '../fulfilment/sim.ts';
import { text } from './fields.ts';

/** An order number as customers read it: SC and six digits or more. */
const orderNumberField = z.pipe(
  text('Order number', FulfilmentMessages.orderNotEligible, FulfilmentMessages.orderNotEligible),
  z.transform((v: string, ctx) => {
    const n = v.trim().toUpperCase();
    if (!/^SC\d{6,}$/.test(n))
      ctx.issues.push({ code: 'custom', message: FulfilmentMessages.orderNotEligible, input: v });
    return n;
  }),
);

/** /activeSimOnline before sign-in: which order the customer means to activate. */
export const activationOrderSchema = z.object({ orderNumber: orderNumberField });
export type ActivationOrderInput = z.input<typeof activationOrderSchema>;

/** POST /auth/loginByKyc: the Singpass return (code and state), and the order it is for. */
export const loginByKycSchema = z.object({
  code: text('Authorisation code').check(z.minLength(1), z.maxLength(500)),
  state: text('State').check(z.minLength(1), z.maxLength(1000)),
  orderNumber: orderNumberField,
});
export type LoginByKycInput = z.input<typeof loginByKycSchema>;

/** The barcode under the SIM: the ICCID, scanned or typed. */
export const activateOnlineSchema = z.object({
  iccid: z.pipe(
    text('ICCID', FulfilmentMessages.notScanned, FulfilmentMessages.barcodeInvalid),
    z.transform((v: string, ctx) => {
      if (!v.trim()) {
        ctx.issues.push({ code: 'custom', message: FulfilmentMessages.notScanned, input: v });
        return '';
      }
      const iccid = normalizeIccid(v);
      if (!iccid) ctx.issues.push({ code: 'custom', message: FulfilmentMessages.barcodeInvalid, input: v });
      return iccid ?? '';
    }),
  ),
});
export type ActivateOnlineInput = z.input<typeof activateOnlineSchema>;
