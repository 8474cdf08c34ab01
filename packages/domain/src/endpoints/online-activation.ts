import {
  activationResultSchema,
  kycAuthoriseUrlSchema,
  pendingActivationSchema,
} from '../contracts/activation.ts';
import { activateOnlineSchema } from '../fulfilment.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/fulfilment/online-activation.routes.ts. */
export const onlineActivationEndpoints = {
  'GET /auth/kyc/authoriseUrl': {
    summary: 'The Singpass login to send a signed-out customer to; it returns to /activeSimOnline',
    response: kycAuthoriseUrlSchema,
  },
  'GET /activation/order': {
    summary: "The customer's order waiting for online activation, line by line",
    response: pendingActivationSchema,
  },
  'POST /activation/activate': {
    summary: "Activate the line whose SIM's barcode (ICCID) was scanned or typed",
    body: activateOnlineSchema,
    response: activationResultSchema,
  },
} as const satisfies Record<string, Endpoint>;
