import { createECDH, createHmac, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PushDevice } from '@selfcare/domain/contracts/push';
import {
  ENDPOINT_END_LENGTH,
  PUSH_DEVICES_MAX,
  PushMessages,
  type PushSubscriptionInput,
} from '@selfcare/domain/schemas/push';
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
  /** The language it is written in ('zh-Hans-SG'). */
  lang?: string;
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
  if (config.VAPID_PUBLIC_KEY || config.VAPID_PRIVATE_KEY)
    return checkedPair({
      publicKey: config.VAPID_PUBLIC_KEY ?? '',
      privateKey: config.VAPID_PRIVATE_KEY ?? '',
    });
  const file = join(config.DATA_DIR, 'vapid-keys.json');
  const read = async () => checkedPair(JSON.parse(await readFile(file, 'utf8')) as VapidKeys);
  try {
    return await read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  // Written whole under another name, then linked into place: a process starting beside this one
  // reads either no file or all of it, and the first link wins.
  await mkdir(config.DATA_DIR, { recursive: true });
  const made = webpush.generateVAPIDKeys();
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, JSON.stringify(made), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await unlink(draft);
  }
  return read();
}

/** The pair, once its public key is the private key's: a pair that is not one signs nothing valid. */
function checkedPair(keys: VapidKeys): VapidKeys {
  let derived: string;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    derived = ecdh.getPublicKey().toString('base64url');
  } catch {
    throw new Error('VAPID_PRIVATE_KEY is not a P-256 private key');
  }
  if (derived !== keys.publicKey)
    throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY: set both, of one pair');
  return keys;
}

/**
 * PUSH_SERVICES as addresses to match: each an origin, or an origin and a path its endpoints start
 * with (`http://127.0.0.1:3100/push/send/`); a `*` in a host stands for one label. An endpoint with
 * a user or password, another port, a fragment or a scheme other than http(s) never matches.
 */
export function pushServiceMatcher(list: string): (endpoint: string) => boolean {
  const services = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('/', entry.indexOf('//') + 2);
      const origin = (at < 0 ? entry : entry.slice(0, at)).toLowerCase();
      const path = at < 0 ? '/' : entry.slice(at);
      const pattern = origin.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^./]+');
      return { origin: new RegExp(`^${pattern}$`), path };
    });
  return (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.hash) return false;
    return services.some((s) => s.origin.test(url.origin) && url.pathname.startsWith(s.path));
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

/** What came of one push: sent, the subscription gone, or the message refused by its service. */
export type PushOutcome = 'sent' | 'gone' | 'refused';

/**
 * The push service's Topic for a notification's tag: it keeps only the newest undelivered message of
 * a topic. The header travels in clear to the browser's push service (Google's, Mozilla's, Apple's),
 * and a tag names what it is about (a line's number): the topic is a keyed hash of it, 32 characters
 * of base64url as RFC 8030 allows, the same for the same tag and telling nothing of it.
 */
export const topicOf = (tag: string, secret: string) =>
  createHmac('sha256', secret).update(tag).digest('base64url').slice(0, 32);

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
    // The endpoint is another account's browser, and these are not its keys: it stays where it is.
    if (!row) throw new AppError(409, PushMessages.notFound);
    // A customer's browsers are a handful: past PUSH_DEVICES_MAX, the oldest stops.
    await repo.keepNewest(this.db, userId, PUSH_DEVICES_MAX);
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
   * Sends `message` to one of `userId`'s browsers, encrypted for it, signed for its push service, kept
   * a day by the service if the phone is off. Nothing goes to a browser that is no longer that
   * customer's. A subscription its service no longer takes (404, 410, or 401 and 403: made with
   * another key) is forgotten; a message it refuses (400, 413) is dropped; anything else throws, and
   * the job tries again.
   */
  async send(userId: string, deviceId: string, message: PushMessage): Promise<PushOutcome> {
    const device = await repo.byId(this.db, deviceId);
    if (!device || device.userId !== userId || !this.allowed(device.endpoint)) return 'gone';
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
        ...(message.tag ? { topic: topicOf(message.tag, keys.privateKey) } : {}),
      },
    );
    const res = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request.body,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    if ([401, 403, 404, 410].includes(res.status)) {
      await repo.forget(this.db, device.id);
      return 'gone';
    }
    if (res.status === 400 || res.status === 413) return 'refused';
    if (!res.ok) throw new Error(`push to device ${device.id} failed: ${res.status} ${await res.text()}`);
    await repo.markSent(this.db, device.id, this.deps.clock.now());
    return 'sent';
  }
}
