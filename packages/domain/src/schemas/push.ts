import * as z from 'zod/mini';

const base64url = z.string().check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/));

/**
 * POST /api/v1/push/devices: a browser's push subscription, as `PushSubscription.toJSON()` gives it
 * (ADR 0060): the push service's endpoint, the browser's P-256 public key (65 bytes) and its auth
 * secret (16 bytes). The API sends only to the push services it knows.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: base64url.check(z.minLength(86), z.maxLength(88)),
    auth: base64url.check(z.minLength(22), z.maxLength(24)),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/**
 * POST /api/v1/auth/logout, from a browser that shows the account's notifications: its endpoint, so
 * that signing out stops them there (the next person at a shared device sees none). Optional: a
 * browser without a subscription sends no body.
 */
export const logoutSchema = z.nullish(
  z.object({
    // One that is not an endpoint is left out rather than refused: nothing stops a sign-out.
    pushEndpoint: z.catch(z.optional(pushSubscriptionSchema.shape.endpoint), undefined),
  }),
);

/** How many browsers an account keeps: past it, a new one replaces the oldest. */
export const PUSH_DEVICES_MAX = 10;

/** The length of the end of an endpoint the device list shows (`endpointEnd`). */
export const ENDPOINT_END_LENGTH = 24;

export const PushMessages = {
  deviceAdded: 'Notifications are on for this device.',
  deviceRemoved: 'Notifications are off for that device.',
  notFound: 'This device is not on your account.',
  unknownService: 'Notifications cannot be sent through this browser’s push service.',
} as const;
