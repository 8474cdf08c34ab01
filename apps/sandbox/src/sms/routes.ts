import type { FastifyInstance } from 'fastify';
import type { Faults } from '../faults/faults.ts';
import type { InboxStore } from '../inbox/store.ts';

/**
 * An SMS provider's send API: POST { to, from, text } with a bearer key. A repeated
 * Idempotency-Key returns the first answer instead of sending again.
 */
export function registerSmsRoutes(app: FastifyInstance, store: InboxStore, faults: Faults, apiKey: string) {
  const seen = new Map<string, string>();
  app.post<{ Body: { to?: unknown; from?: unknown; text?: unknown } }>(
    '/sms/api/v1/messages',
    { onRequest: faults.hook('sms') },
    async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${apiKey}`)
        return reply.status(401).send({ error: 'invalid api key' });
      const { to, from, text } = request.body ?? {};
      if (
        typeof to !== 'string' ||
        !/^\+\d{8,15}$/.test(to) ||
        typeof text !== 'string' ||
        text.length === 0
      ) {
        return reply.status(422).send({ error: 'to must be E.164 and text must not be empty' });
      }
      const key = request.headers['idempotency-key'];
      const previous = typeof key === 'string' ? seen.get(key) : undefined;
      if (previous) return reply.status(200).send({ id: previous, duplicate: true });
      const message = store.add({
        channel: 'sms',
        to,
        from: typeof from === 'string' ? from : 'unknown',
        subject: null,
        text,
        html: null,
      });
      if (typeof key === 'string') seen.set(key, message.id);
      return reply.status(201).send({ id: message.id });
    },
  );
}
