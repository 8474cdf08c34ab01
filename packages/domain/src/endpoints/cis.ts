import { z } from 'zod';
import { cisCheckSchema } from '../contracts/cis.ts';
import { cisEmailSchema, cisOtpSchema } from '../order.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/cis/cis.routes.ts. */
export const cisEndpoints = {
  'POST /cis/checkCIS': {
    summary: "Sends a code to a company email whose domain is a CIS company's",
    body: cisEmailSchema,
    response: z.null(),
  },
  'POST /cis/checkOTP': {
    summary: "Checks the code; the company's CIS plans become available to the customer",
    body: cisOtpSchema,
    response: cisCheckSchema,
  },
} as const satisfies Record<string, Endpoint>;
