import * as z from 'zod/mini';
import { Messages } from '../messages.ts';
import type { AccountStepInput } from './account.ts';
import { emailField, otpField, requiredString } from './fields.ts';

/** Where MyInfo may send the customer back to: the `ref` of the state, a path /callback goes to. */
export const MYINFO_REFS = ['/getStarted', '/getStartedNoBill'] as const;
export type MyinfoRef = (typeof MYINFO_REFS)[number];

/**
 * Where MyInfo sends back a customer with a line who checks CIS by the employer it reports
 * (/profile/checkCIS). Its states are redeemed only by that check, never by the order wizard.
 */
export const CIS_MYINFO_REF = '/profile/checkCIS';

export const myinfoAuthoriseQuerySchema = z.object({
  ref: z.enum(MYINFO_REFS, { error: Messages.invalid('Return page') }),
});

/** What /callback brings back from MyInfo: the authorisation code and the state we sent. */
export const myinfoPersonDataSchema = z.object({
  code: requiredString('Authorisation code', 500),
  state: requiredString('State', 1000),
});

/** The state sent to MyInfo: JSON with the route to return to (`ref`) and a nonce bound to the customer. */
export interface MyinfoState {
  ref: MyinfoRef;
  nonce: string;
}

/** The registered address MyInfo holds, offered for delivery. */
export interface MyinfoAddress {
  postalCode: string;
  blockNumber: string;
  roadName: string;
  building: string;
  unitNumber: string;
}

/**
 * What MyInfo filled in for step 3. `locked` names the fields MyInfo verified (government sources):
 * the form shows them read-only and the server keeps MyInfo's values whatever is sent.
 */
export interface MyinfoPrefill {
  account: Partial<AccountStepInput>;
  locked: (keyof AccountStepInput)[];
  address: MyinfoAddress | null;
  retrievedAt: string;
}

/** The values MyInfo verified: they win over whatever the form holds, on screen and on the server. */
export function myinfoLockedValues(prefill: MyinfoPrefill | null | undefined): Partial<AccountStepInput> {
  if (!prefill) return {};
  return Object.fromEntries(prefill.locked.map((k) => [k, prefill.account[k]])) as Partial<AccountStepInput>;
}

/** An identity MyInfo verified (ID number and name on the ID) needs no copy of the ID. */
export const myinfoVerifiesIdentity = (locked: readonly string[] | null | undefined) =>
  !!locked?.includes('idNumber') && locked.includes('fullName');

/** A CIS company the customer was found eligible for. */
export interface CisCompany {
  code: string;
  name: string;
}

/** checkCIS by company email: the code goes to this address. */
export const cisEmailSchema = z.object({ email: emailField('Company email') });

/** CIS checkOTP: the code that was sent to the company email. */
export const cisOtpSchema = z.object({ email: emailField('Company email'), otp: otpField });
