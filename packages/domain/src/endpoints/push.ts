import { z } from 'zod';
import { pushDeviceSchema, pushKeySchema } from '../contracts/push.ts';
import { pushSubscriptionSchema } from '../schemas/push.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/notifications/push.routes.ts (ADR 0060). */
export const pushEndpoints = {
  'GET /push/key': {
    summary: "The portal's VAPID public key, which a browser subscribes to its push service with",
    response: pushKeySchema,
  },
  'GET /push/devices': {
    summary: "The browsers the signed-in customer allowed to show the portal's notifications, newest first",
    response: z.array(pushDeviceSchema),
  },
  'POST /push/devices': {
    summary:
      "Keep this browser's push subscription for the signed-in customer: usage, bills, payments, roaming and orders are pushed to it while App notifications is allowed",
    body: pushSubscriptionSchema,
    response: pushDeviceSchema,
    status: 201,
  },
  'DELETE /push/devices/:id': {
    summary: 'Stop pushing to one of the signed-in customer’s browsers',
    params: z.object({ id: z.uuid('Device is invalid') }),
    response: z.null(),
  },
} as const satisfies Record<string, Endpoint>;
