import { lostSimViewSchema } from '../contracts/line-services.ts';
import { reportLostSimSchema } from '../schemas/line-services.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/lines/lost-sims.routes.ts. */
export const lostSimsEndpoints = {
  'GET /lost-sims': {
    summary:
      "The live lines: whether each one's SIM may be reported lost now, what replacing it costs, and its replacement",
    response: lostSimViewSchema,
  },
  'POST /lost-sims': {
    summary:
      'Report the SIM of a line lost: it is blocked at the MVNE at once and for good; a physical line gets a replacement SIM ($5.50 on the next bill once sent), an eSIM line a new profile',
    body: reportLostSimSchema,
    response: lostSimViewSchema,
  },
} as const satisfies Record<string, Endpoint>;
