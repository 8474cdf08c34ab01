import { myinfoAuthoriseUrlSchema, personDataResultSchema } from '../contracts/myinfo.ts';
import { myinfoAuthoriseQuerySchema, myinfoPersonDataSchema } from '../order.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/myinfo/myinfo.routes.ts. */
export const myinfoEndpoints = {
  'GET /auth/myinfo/authoriseUrl': {
    summary: 'The MyInfo page to send the customer to; its state returns them to `ref`',
    query: myinfoAuthoriseQuerySchema,
    response: myinfoAuthoriseUrlSchema,
  },
  'POST /auth/myinfo/personData': {
    summary: 'Reads the person MyInfo authorised, fills step 3 of the draft and checks CIS by employer',
    body: myinfoPersonDataSchema,
    response: personDataResultSchema,
  },
} as const satisfies Record<string, Endpoint>;
