import { profileViewSchema } from '../contracts/profile.ts';
import { profileEditSchema } from '../schemas/profile.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/orders/profile.routes.ts. */
export const profileEndpoints = {
  'GET /profile': {
    summary: "The customer's profile: details (MyInfo-verified ones marked), consents and the saved card",
    response: profileViewSchema,
  },
  'PUT /profile': {
    summary:
      'Change the salutation, contact number, employer (unless MyInfo verified it) and marketing consents',
    body: profileEditSchema,
    response: profileViewSchema,
  },
} as const satisfies Record<string, Endpoint>;
