import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PushDevice } from '@selfcare/domain/contracts/push';
import { ENDPOINT_END_LENGTH, PushMessages, type PushSubscriptionInput } from '@selfcare/domain/schemas/push';
import webpush from 'web-push';
import type { Clock } from '../../clock.ts';
import type { Brand, Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { deviceName } from '../../device-name.ts';
import { AppError } from '../../errors.ts';
import { type PushDeviceRow, pushRepository as repo } from './push.repository.ts';

/** What a notification shows: in the customer's language, with the portal's page it opens. */
export interface PushMessage {
  title: string;
  body: string;
  link: string | null;
  /** A later notification with the same tag replaces this one on the device (a usage alert's line). */
  tag?: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The portal's VAPID keys: the configured pair, or one made at the first start and kept in
 * DATA_DIR, so that browsers' subscriptions outlive a restart (a new key would void every one). The
 * first of several processes starting at once to write the file wins; the others read it.
 */
export async function vapidKeysOf(config: Config): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  const file = join(config.DATA_DIR, 'vapid-keys.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const made = webpush.generateVAPIDKeys();
  await mkdir(config.DATA_DIR, { recursive: true });
  try {
    await writeFile(file, JSON.stringify(made), { flag: 'wx', mode: 0o600 });
    return made;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
  }
}

/** PUSH_SERVICES as origins to match: `https://*.notify.windows.com` takes one label for the `*`. */
export function pushServiceMatcher(list: string): (endpoint: string) => boolean {
  const patterns = list
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean)
    .map((origin) => new RegExp(`^${origin.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*', '[^./]+')}$`));
  return (endpoint) => {
    let origin: string;
    try {
      origin = new URL(endpoint).origin;
    } catch {
      return false;
    }
    return patterns.some((p) => p.test(origin));
  };
}

const view = (d: PushDeviceRow): PushDevice => ({
  id: d.id,
  name: d.name,
  endpointEnd: d.endpoint.slice(-ENDPOINT_END_LENGTH),
  createdAt: d.createdAt.toISOString(),
  lastSentAt: d.lastSentAt?.toISOString() ?? null,
});

export interface PushDeps {
  database: Database;
  clock: Clock;
  config: Config;
  brand: Brand;
  keys: () => Promise<VapidKeys>;
}

/** What came of one push: sent, or the subscription is gone (its push service said 404 or 410). */
export type PushOutcome = 'sent' | 'gone';

/**
 * Web Push (ADR 0060): the browsers each customer allowed to show notifications, and sending to them
 * through web-push, signed with the portal's VAPID keys and encrypted for each browser (aes128gcm).
 * Only the push services PUSH_SERVICES names are sent to: a subscription is an address the customer
 * gives, and the portal must not be made to post to any other.
 */
export class PushService {
  private readonly allowed: (endpoint: string) => boolean;

  constructor(private readonly deps: PushDeps) {
    this.allowed = pushServiceMatcher(deps.config.PUSH_SERVICES);
  }

  private get db() {
    return this.deps.database.db;
  }

  async publicKey(): Promise<string> {
    return (await this.deps.keys()).publicKey;
  }

  async list(userId: string): Promise<PushDevice[]> {
    return (await repo.list(this.db, userId)).map(view);
  }

  async add(userId: string, sub: PushSubscriptionInput, userAgent: string | undefined): Promise<PushDevice> {
    if (!this.allowed(sub.endpoint))
      throw new AppError(422, PushMessages.unknownService, {
        fields: { endpoint: PushMessages.unknownService },
      });
    const row = await repo.upsert(this.db, {
      userId,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      name: deviceName(userAgent),
      createdAt: this.deps.clock.now(),
    });
    return view(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await repo.remove(this.db, userId, id))) throw new AppError(404, PushMessages.notFound);
  }

  /** The account's browsers, for the job that sends to each. */
  devicesOf(userId: string): Promise<PushDeviceRow[]> {
    return repo.list(this.db, userId);
  }

  /**
   * Sends `message` to one browser, encrypted for it, signed for its push service, kept a day by the
   * service if the phone is off. A subscription its service no longer has is forgotten; any other
   * refusal throws, and the job tries again.
   */
  async send(deviceId: string, message: PushMessage): Promise<PushOutcome> {
    const device = await repo.byId(this.db, deviceId);
    if (!device || !this.allowed(device.endpoint)) return 'gone';
    const keys = await this.deps.keys();
    // web-push encrypts the message for the browser and signs the request for its push service; the
    // request goes by fetch, which takes the push service's address as it is (web-push's own sender
    // speaks https only).
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(message),
      {
        vapidDetails: {
          subject: this.deps.config.VAPID_SUBJECT ?? `mailto:${this.deps.brand.supportEmail}`,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
        TTL: 24 * 3600,
        contentEncoding: 'aes128gcm',
        ...(message.tag ? { topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) } : {}),
      },
    );
    const res = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request.body,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 404 || res.status === 410) {
      await repo.forget(this.db, device.id);
      return 'gone';
    }
    if (!res.ok) throw new Error(`push to device ${device.id} failed: ${res.status} ${await res.text()}`);
    await repo.markSent(this.db, device.id, this.deps.clock.now());
    return 'sent';
  }
}
