import { z } from 'zod/mini';

/** GET /api/v1/push/key: the portal's VAPID public key, which a browser subscribes with (ADR 0060). */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** One browser a customer allowed to show the portal's notifications, as the profile lists it. */
export const pushDeviceSchema = z.object({
  id: z.string(),
  /** The browser and system it is on ('Chrome (Android)'), or empty. */
  name: z.string(),
  /** The end of its push endpoint: the page tells its own browser among them by it. */
  endpointEnd: z.string(),
  createdAt: z.string(),
  lastSentAt: z.nullable(z.string()),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
