import { cisCheckSchema } from '../contracts/cis.ts';
import { myinfoAuthoriseUrlSchema } from '../contracts/myinfo.ts';
import { myinfoPersonDataSchema } from '../order.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/myinfo/myinfo-cis.routes.ts. */
export const myinfoCisEndpoints = {
  'GET /auth/myinfo/checkCIS/authoriseUrl': {
    summary: 'The MyInfo page to send the customer to; its state returns them to /profile/checkCIS',
    response: myinfoAuthoriseUrlSchema,
  },
  'POST /auth/myinfo/checkCIS': {
    summary:
      "Reads the employer MyInfo authorised; when it is a CIS company's, its plans become available for a plan change",
    body: myinfoPersonDataSchema,
    response: cisCheckSchema,
  },
} as const satisfies Record<string, Endpoint>;
