import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Faults } from '../faults/faults.ts';
import type { InboxStore } from '../inbox/store.ts';

/** A browser's subscription as the push service made it: its keys, which only it and the browser hold. */
interface Subscription {
  id: string;
  ecdh: ECDH;
  auth: Buffer;
  /** Unsubscribed: the push service answers 410 Gone, and the sender should forget it. */
  gone: boolean;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * Decrypts a message encrypted for a subscription (RFC 8291, in the aes128gcm encoding of RFC 8188):
 * the sender's public key from the header, the shared secret with the subscription's private key,
 * the auth secret, then the content key and nonce from the salt. Throws when it does not decrypt:
 * the wrong keys, or a body tampered with.
 */
export function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error('not one aes128gcm record');
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = hmac(hmac(auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record's content ends with 0x02, then any padding of zeros.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('bad padding');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks a sender's VAPID authorization (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed
 * with ES256 by that key, for this push service's origin, unexpired and at most a day long, naming a
 * contact. Answers the sender's public key, or why not.
 */
export function checkVapid(header: string | undefined, audience: string, now = Date.now()): string | null {
  const parts = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!parts) return 'Authorization must be vapid t=…, k=…';
  const [, jwt = '', key = ''] = parts;
  const [head, payload, signature] = jwt.split('.');
  if (!head || !payload || !signature) return 'the token is not a JWT';
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 public key';
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'the JWT is not signed by k';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== audience) return `aud must be ${audience}`;
  const seconds = now / 1000;
  if (!claims.exp || claims.exp <= seconds || claims.exp > seconds + 24 * 3600)
    return 'exp must be within the next 24 hours';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'sub must be a mailto: or https: contact';
  return null;
}

/**
 * A Web Push service (RFC 8030) for the portal's tests and demo, since these machines reach no real
 * one: it makes a browser's subscription (`POST /push/api/subscriptions`, as a browser's push service
 * would), takes messages at the subscription's endpoint as a push service does (VAPID checked, the
 * body decrypted with the subscription's keys), and files each decrypted message in the inbox,
 * addressed to the subscription's id. An unsubscribed endpoint answers 410, an unknown one 404.
 */
export function registerPushRoutes(app: FastifyInstance, store: InboxStore, faults: Faults) {
  const subscriptions = new Map<string, Subscription>();
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );

  app.post('/push/api/subscriptions', async (request, reply) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const sub: Subscription = { id: randomUUID(), ecdh, auth: randomBytes(16), gone: false };
    subscriptions.set(sub.id, sub);
    const origin = `${request.protocol}://${request.headers.host}`;
    return reply.status(201).send({
      id: sub.id,
      endpoint: `${origin}/push/send/${sub.id}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: sub.auth.toString('base64url') },
    });
  });

  app.delete<{ Params: { id: string } }>('/push/api/subscriptions/:id', async (request, reply) => {
    const sub = subscriptions.get(request.params.id);
    if (!sub) return reply.status(404).send({ error: 'no such subscription' });
    sub.gone = true;
    return reply.status(204).send();
  });

  app.post<{ Params: { id: string } }>(
    '/push/send/:id',
    { onRequest: faults.hook('push') },
    async (request, reply) => {
      const sub = subscriptions.get(request.params.id);
      if (!sub) return reply.status(404).send({ error: 'no such subscription' });
      if (sub.gone) return reply.status(410).send({ error: 'the subscription has expired or was removed' });
      const audience = `${request.protocol}://${request.headers.host}`;
      const refused = checkVapid(request.headers.authorization, audience);
      if (refused) return reply.status(401).send({ error: refused });
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return reply.status(415).send({ error: 'Content-Encoding must be aes128gcm' });
      if (!/^\d+$/.test(String(request.headers.ttl ?? '')))
        return reply.status(400).send({ error: 'TTL is required' });
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length > 4096)
        return reply.status(413).send({ error: 'a message is at most 4096 bytes' });
      let text: string;
      try {
        text = decryptPush(body, sub.ecdh, sub.auth);
      } catch (err) {
        return reply.status(400).send({ error: `does not decrypt: ${(err as Error).message}` });
      }
      let title: string | null = null;
      try {
        const parsed = JSON.parse(text) as { title?: unknown };
        if (typeof parsed.title === 'string') title = parsed.title;
      } catch {
        // A message need not be JSON: it is filed as it came.
      }
      const message = store.add({
        channel: 'push',
        to: sub.id,
        from: String(request.headers.authorization).slice(-20),
        subject: title,
        text,
        html: null,
      });
      return reply
        .status(201)
        .header('location', `/push/api/messages/${message.id}`)
        .send({ id: message.id });
    },
  );
}
