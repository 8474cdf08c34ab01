import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/fulfilment/mvne-webhook.routes.ts. */
export const mvneWebhookEndpoints = {
  'POST /webhooks/mvne': {
    summary: 'MVNE service events (signed)',
    response: z.null(),
  },
} as const satisfies Record<string, Endpoint>;
