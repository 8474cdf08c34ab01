import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { pushSupported } from '../../../lib/push-subscription.ts';

const KEY = ['push-devices'];

/** The portal's service worker's registration, once it is registered (after the page loaded). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const now = await navigator.serviceWorker.getRegistration();
  if (now) return now;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((done) => setTimeout(() => done(undefined), 5000)),
  ]);
}

/** This browser's push subscription's endpoint, if it has one: the list marks it "This device". */
export async function thisBrowserEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  const sub = await (await registration())?.pushManager.getSubscription();
  return sub?.endpoint ?? null;
}

const base64url = (key: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(key)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Why this browser was not subscribed: the customer refused, or it has no service worker. */
export class PushUnavailable extends Error {
  constructor(readonly reason: 'denied' | 'unsupported') {
    super(reason);
  }
}

/**
 * Subscribes this browser to its push service with the portal's key, after the customer's
 * permission, and keeps the subscription for the account (ADR 0060).
 */
async function subscribeThisBrowser() {
  if (!pushSupported()) throw new PushUnavailable('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushUnavailable('denied');
  const reg = await registration();
  if (!reg) throw new PushUnavailable('unsupported');
  const { publicKey } = (await call('GET /push/key')).data;
  let sub = await reg.pushManager.getSubscription();
  // One made with another key (the portal's changed) is of no use: it is made again with this one.
  const key = sub?.options.applicationServerKey;
  if (sub && key && base64url(key) !== publicKey) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return call('POST /push/devices', {
    body: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
  });
}

export const usePushDevices = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => {
      const [devices, mine] = await Promise.all([call('GET /push/devices'), thisBrowserEndpoint()]);
      return devices.data.map((d) => ({ ...d, thisDevice: !!mine && mine.endsWith(d.endpointEnd) }));
    },
  });

export function useSubscribePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscribeThisBrowser,
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Stops pushing to one of the customer's browsers; this one also drops its subscription. */
export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, thisDevice }: { id: string; thisDevice: boolean }) => {
      const res = await call('DELETE /push/devices/:id', { params: { id } });
      if (thisDevice) await (await (await registration())?.pushManager.getSubscription())?.unsubscribe();
      return res;
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
