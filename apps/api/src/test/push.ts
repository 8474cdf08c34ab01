import { expect } from 'vitest';
import { body, giveProfile, type TestApp } from './harness.ts';
import { inject } from './inject.ts';

/** A browser's push subscription, made by the sandbox's push service as a browser's own would. */
export interface SandboxSubscription {
  id: string;
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export async function sandboxSubscription(): Promise<SandboxSubscription> {
  const res = await fetch(`${inject('sandboxUrl')}/push/api/subscriptions`, { method: 'POST' });
  return (await res.json()) as SandboxSubscription;
}

/** What the sandbox's push service received for a subscription and decrypted, newest first. */
export async function pushesTo(subscriptionId: string) {
  const res = await fetch(`${inject('sandboxUrl')}/inbox/api/messages?to=${subscriptionId}`);
  return (await res.json()) as { channel: string; subject: string | null; text: string }[];
}

/**
 * Gives the customer a profile whose App notifications consent is `allowed`, and keeps a sandbox
 * subscription as their browser: the subscription, to read what reaches it.
 */
export async function browserAllowingPush(
  t: TestApp,
  c: { id: string; headers: Record<string, string> },
  allowed = true,
) {
  const consent = { email: false, sms: false, push: allowed };
  await giveProfile(t, c.id, { marketing: { provider: consent, thirdParty: consent } });
  const sub = await sandboxSubscription();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/push/devices',
    headers: {
      ...c.headers,
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
    },
    payload: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { sub, device: body<{ id: string }>(res).data };
}
