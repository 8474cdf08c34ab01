import type { FastifyInstance } from 'fastify';
import type { Faults } from '../faults/faults.ts';
import { deliverWebhook } from '../webhooks.ts';
import { CardError, type Charge, type Gateway } from './gateway.ts';
import { checkoutPage } from './page.ts';

export interface PaymentsOptions {
  apiKey: string;
  /** Where charge events are posted, signed with `webhookSecret`; none when unset. */
  webhookUrl?: string;
  webhookSecret: string;
}

const chargeView = (c: Charge) => ({
  id: c.id,
  object: 'charge',
  amount: c.amount,
  currency: c.currency,
  status: c.status,
  failure_code: c.failureCode,
  payment_method: c.paymentMethodId,
  metadata: c.metadata,
  created: c.created,
});

/**
 * A card gateway: hosted card page (setup sessions) that turns a card into a payment method,
 * charges with idempotency keys, and signed webhooks for charge results.
 */
export function registerPaymentRoutes(
  app: FastifyInstance,
  gateway: Gateway,
  faults: Faults,
  opts: PaymentsOptions,
) {
  app.register(async (pay) => {
    pay.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    pay.get<{ Params: { id: string } }>(
      '/payments/checkout/:id',
      { schema: { hide: true } },
      async (request, reply) => {
        const session = gateway.session(request.params.id);
        if (session?.status !== 'open')
          return reply
            .status(410)
            .type('text/html')
            .send('<!doctype html><title>Expired</title><p>This payment page has expired.</p>');
        return reply.type('text/html').send(checkoutPage(session));
      },
    );

    pay.post<{ Params: { id: string }; Body: Record<string, string> }>(
      '/payments/checkout/:id',
      { schema: { hide: true } },
      async (request, reply) => {
        const session = gateway.session(request.params.id);
        if (!session) return reply.status(404).send('not found');
        const b = request.body ?? {};
        try {
          gateway.completeSession(session.id, {
            number: b.number ?? '',
            expiry: b.expiry ?? '',
            cvc: b.cvc ?? '',
            name: b.name ?? '',
          });
        } catch (err) {
          if (!(err instanceof CardError)) throw err;
          return reply
            .status(422)
            .type('text/html')
            .send(checkoutPage(session, { error: { field: err.field, message: err.message }, values: b }));
        }
        const back = new URL(session.returnUrl);
        back.searchParams.set('session_id', session.id);
        return reply.redirect(back.toString(), 303);
      },
    );
  });

  app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${opts.apiKey}`)
        return reply.status(401).send({ error: { code: 'unauthorized' } });
    });
    api.addHook('onRequest', faults.hook('payments'));
    const tags = ['payments'];
    const security = [{ bearer: [] }];

    api.post<{ Body: { customerRef: string; returnUrl: string; cancelUrl: string } }>(
      '/payments/api/v1/setup-sessions',
      {
        schema: {
          tags,
          security,
          summary: 'Start a hosted card page; the customer comes back to returnUrl?session_id=…',
          body: {
            type: 'object',
            required: ['customerRef', 'returnUrl', 'cancelUrl'],
            properties: {
              customerRef: { type: 'string', minLength: 1 },
              returnUrl: { type: 'string', format: 'uri' },
              cancelUrl: { type: 'string', format: 'uri' },
            },
          },
        },
      },
      async (request, reply) => {
        const s = gateway.createSession(
          request.body.customerRef,
          request.body.returnUrl,
          request.body.cancelUrl,
        );
        const base = `${request.protocol}://${request.headers.host}`;
        return reply
          .status(201)
          .send({ id: s.id, status: s.status, url: `${base}/payments/checkout/${s.id}` });
      },
    );

    api.get<{ Params: { id: string } }>(
      '/payments/api/v1/setup-sessions/:id',
      { schema: { tags, security, summary: 'A card page session and the payment method it produced' } },
      async (request, reply) => {
        const s = gateway.session(request.params.id);
        if (!s) return reply.status(404).send({ error: { code: 'resource_missing' } });
        const m = s.paymentMethodId ? gateway.method(s.paymentMethodId) : undefined;
        return {
          id: s.id,
          status: s.status,
          customerRef: s.customerRef,
          payment_method: m
            ? {
                id: m.id,
                brand: m.brand,
                funding: m.funding,
                last4: m.last4,
                exp_month: m.expMonth,
                exp_year: m.expYear,
                holder_name: m.holderName,
              }
            : null,
        };
      },
    );

    api.post<{ Params: { id: string } }>(
      '/payments/api/v1/payment-methods/:id/verify',
      {
        schema: {
          tags,
          security,
          summary:
            'A $0 verification of a saved card with its issuer: wrong details fail it, nothing is charged',
        },
      },
      async (request, reply) => {
        const result = gateway.verify(request.params.id);
        if (!result) return reply.status(404).send({ error: { code: 'resource_missing' } });
        return { payment_method: request.params.id, status: result.status, failure_code: result.failureCode };
      },
    );

    api.post<{
      Body: { amount: number; currency: string; payment_method: string; metadata?: Record<string, string> };
    }>(
      '/payments/api/v1/charges',
      {
        schema: {
          tags,
          security,
          summary: 'Charge a payment method once per Idempotency-Key',
          headers: {
            type: 'object',
            required: ['idempotency-key'],
            properties: { 'idempotency-key': { type: 'string', minLength: 8 } },
          },
          body: {
            type: 'object',
            required: ['amount', 'currency', 'payment_method'],
            properties: {
              amount: { type: 'integer', minimum: 1 },
              currency: { type: 'string', enum: ['SGD'] },
              payment_method: { type: 'string' },
              metadata: { type: 'object', additionalProperties: { type: 'string' } },
            },
          },
        },
      },
      async (request, reply) => {
        const key = request.headers['idempotency-key'] as string;
        const result = gateway.charge(
          {
            amount: request.body.amount,
            currency: request.body.currency,
            paymentMethodId: request.body.payment_method,
            metadata: request.body.metadata ?? {},
          },
          key,
        );
        if ('conflict' in result)
          return reply.status(409).send({ error: { code: 'idempotency_key_in_use' } });
        if ('missing' in result)
          return reply.status(404).send({ error: { code: 'resource_missing', param: 'payment_method' } });
        const { charge, replayed } = result;
        if (!replayed && opts.webhookUrl) {
          const event = {
            id: `evt_${charge.id.slice(3)}`,
            type: `charge.${charge.status}`,
            created: charge.created,
            data: { object: chargeView(charge) },
          };
          void deliverWebhook(opts.webhookUrl, opts.webhookSecret, event);
        }
        return reply
          .status(replayed ? 200 : 201)
          .header('idempotent-replayed', String(replayed))
          .send(chargeView(charge));
      },
    );

    api.post<{ Body: { charge: string; amount: number } }>(
      '/payments/api/v1/refunds',
      {
        schema: {
          tags,
          security,
          summary: 'Refund (part of) a succeeded charge once per Idempotency-Key',
          headers: {
            type: 'object',
            required: ['idempotency-key'],
            properties: { 'idempotency-key': { type: 'string', minLength: 8 } },
          },
          body: {
            type: 'object',
            required: ['charge', 'amount'],
            properties: { charge: { type: 'string' }, amount: { type: 'integer', minimum: 1 } },
          },
        },
      },
      async (request, reply) => {
        const result = gateway.refund(
          request.body.charge,
          request.body.amount,
          request.headers['idempotency-key'] as string,
        );
        if ('conflict' in result)
          return reply.status(409).send({ error: { code: 'idempotency_key_in_use' } });
        if ('missing' in result)
          return reply.status(404).send({ error: { code: 'resource_missing', param: 'charge' } });
        if ('exceeds' in result)
          return reply.status(400).send({ error: { code: 'amount_too_large', param: 'amount' } });
        const { refund, replayed } = result;
        return reply
          .status(replayed ? 200 : 201)
          .header('idempotent-replayed', String(replayed))
          .send({
            id: refund.id,
            charge: refund.chargeId,
            amount: refund.amount,
            status: refund.status,
            created: refund.created,
          });
      },
    );

    api.get<{ Params: { id: string } }>(
      '/payments/api/v1/charges/:id/refunds',
      { schema: { tags, security, summary: 'Refunds of a charge' } },
      async (request) =>
        gateway
          .refundsOf(request.params.id)
          .map((r) => ({ id: r.id, charge: r.chargeId, amount: r.amount, status: r.status })),
    );

    api.get<{ Querystring: { after?: string; limit?: number } }>(
      '/payments/api/v1/charge-list',
      {
        schema: {
          tags,
          security,
          summary:
            "The merchant's charges in the order made, after the charge named (none: from the first), each with what has been refunded of it",
          querystring: {
            type: 'object',
            properties: {
              after: {
                type: 'string',
                pattern: '^ch_[A-Za-z0-9]{1,60}$',
                description: 'The last charge read',
              },
              limit: { type: 'integer', minimum: 1, maximum: 1000, default: 500 },
            },
          },
        },
      },
      async (request, reply) => {
        const after = request.query.after ? gateway.getCharge(request.query.after) : undefined;
        if (request.query.after && !after)
          return reply.status(400).send({ error: { code: 'resource_missing', message: 'No such charge' } });
        const page = gateway.chargesAfter(after?.seq ?? 0, request.query.limit ?? 500);
        return {
          data: page.charges.map((c) => ({ ...chargeView(c), amount_refunded: gateway.refundedOf(c.id) })),
          has_more: page.hasMore,
        };
      },
    );

    api.get<{ Querystring: { key: string; value: string } }>(
      '/payments/api/v1/charges',
      {
        schema: {
          tags,
          security,
          summary: 'Charges whose metadata[key] is value',
          querystring: {
            type: 'object',
            required: ['key', 'value'],
            properties: { key: { type: 'string' }, value: { type: 'string' } },
          },
        },
      },
      async (request) => gateway.chargesFor(request.query.key, request.query.value).map(chargeView),
    );
  });
}
