import { type SmsEncoding, smsEncoding, smsSegments } from '@selfcare/domain';
import type { FastifyInstance } from 'fastify';
import type { Faults } from '../faults/faults.ts';
import type { InboxStore } from '../inbox/store.ts';

const isEncoding = (v: unknown): v is SmsEncoding => v === 'GSM-7' || v === 'UCS-2';

/** The characters GSM-7 cannot carry, each once, with its code point: '你' (U+4F60). */
const outsideGsm7 = (text: string) =>
  [...new Set(text)]
    .filter((c) => smsEncoding(c) === 'UCS-2')
    .slice(0, 5)
    .map((c) => `'${c}' (U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')})`)
    .join(', ');

/**
 * An SMS provider's send API: POST { to, from, text, encoding } with a bearer key. `encoding` is
 * 'GSM-7' or 'UCS-2', as providers' unicode flags are: a text GSM-7 cannot carry, declared GSM-7, is
 * refused (a real gateway would send it garbled); a GSM-7 text declared UCS-2 is sent as UCS-2, in
 * more parts. The message is filed with its encoding and the parts it took. A repeated
 * Idempotency-Key returns the first answer instead of sending again.
 */
export function registerSmsRoutes(app: FastifyInstance, store: InboxStore, faults: Faults, apiKey: string) {
  const seen = new Map<string, { id: string; encoding: SmsEncoding; segments: number }>();
  app.post<{ Body: { to?: unknown; from?: unknown; text?: unknown; encoding?: unknown } }>(
    '/sms/api/v1/messages',
    { onRequest: faults.hook('sms') },
    async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${apiKey}`)
        return reply.status(401).send({ error: 'invalid api key' });
      const { to, from, text, encoding: declared } = request.body ?? {};
      if (
        typeof to !== 'string' ||
        !/^\+\d{8,15}$/.test(to) ||
        typeof text !== 'string' ||
        text.length === 0
      ) {
        return reply.status(422).send({ error: 'to must be E.164 and text must not be empty' });
      }
      // A client that names no encoding (one written for { to, from, text }, before the flag) has the
      // text's own: GSM-7 when it can be, UCS-2 otherwise, as many providers detect it when not told.
      if (declared !== undefined && !isEncoding(declared))
        return reply.status(422).send({ error: "encoding must be 'GSM-7' or 'UCS-2'" });
      const encoding = declared ?? smsEncoding(text);
      if (encoding === 'GSM-7' && smsEncoding(text) === 'UCS-2')
        return reply.status(422).send({
          error: `text has characters outside the GSM 03.38 alphabet, ${outsideGsm7(text)}: send it with encoding 'UCS-2'`,
        });
      const key = request.headers['idempotency-key'];
      const previous = typeof key === 'string' ? seen.get(key) : undefined;
      if (previous) return reply.status(200).send({ ...previous, duplicate: true });
      const { segments } = smsSegments(text, encoding);
      const message = store.add({
        channel: 'sms',
        to,
        from: typeof from === 'string' ? from : 'unknown',
        subject: null,
        text,
        html: null,
        encoding,
        segments,
      });
      const answer = { id: message.id, encoding, segments };
      if (typeof key === 'string') seen.set(key, answer);
      return reply.status(201).send(answer);
    },
  );
}
