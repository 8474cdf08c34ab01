import { randomUUID } from 'node:crypto';
import { sgDate } from '@selfcare/domain/calendar';
import type { FastifyInstance } from 'fastify';
import type { SandboxClock } from '../clock/clock.ts';
import type { Faults } from '../faults/faults.ts';
import { deliverWebhook } from '../webhooks.ts';
import type { Bank, BankSettings, Payee, PaynowTransfer } from './bank.ts';
import { QrRefused, readPaynowQr } from './sgqr.ts';

export interface BankOptions {
  apiKey: string;
  /** Where credit events are posted, signed with `webhookSecret`; none when unset. */
  webhookUrl?: string;
  webhookSecret: string;
  clock: SandboxClock;
}

/** A credit as the bank tells the operator of it, in its events and its API alike. */
export const creditView = (t: PaynowTransfer) => ({
  id: t.id,
  uen: t.uen,
  reference: t.reference,
  amount: t.amountCents,
  currency: 'SGD',
  settled_at: t.settledAt,
});

const transferView = (t: PaynowTransfer) => ({ ...t, currency: 'SGD' });

const creditSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    uen: { type: 'string' },
    reference: { type: 'string' },
    amount: { type: 'integer', description: 'Cents' },
    currency: { type: 'string', enum: ['SGD'] },
    settled_at: { type: 'string', format: 'date-time' },
  },
} as const;

const transferSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    uen: { type: 'string' },
    reference: { type: 'string' },
    amountCents: { type: 'integer' },
    currency: { type: 'string', enum: ['SGD'] },
    merchantName: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    settleAt: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: ['pending', 'settled'] },
    settledAt: { type: ['string', 'null'], format: 'date-time' },
    returnedAt: { type: ['string', 'null'], format: 'date-time', description: 'Sent back to the payer' },
  },
} as const;

const settingsSchema = {
  type: 'object',
  required: ['delaySeconds'],
  properties: {
    delaySeconds: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 30 * 24 * 3600,
      description:
        'Seconds on the sandbox clock from payment to credit (0: at once); null: a random delay of up to 2 Singapore working days',
    },
  },
} as const;

const errorSchema = {
  type: 'object',
  properties: {
    error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
  },
} as const;

type PayBody = { qr: string } | { uen: string; reference: string; amountCents: number };

/**
 * The bank of the operator's collection account. Two faces: the payer's banking app paying a PayNow
 * QR (under /sandbox, no key, as a customer's phone has none of ours), and the operator's bank API
 * (bearer key, fault switch) with which the operator confirms a credit in the bank's own words before
 * trusting an event. Credits fall due on the sandbox clock: a run every second and every request to
 * the bank settle those whose time has come, and each settlement is posted as a signed event.
 */
export function registerBankRoutes(app: FastifyInstance, bank: Bank, faults: Faults, opts: BankOptions) {
  const announce = (settled: PaynowTransfer[]) => {
    if (!opts.webhookUrl) return;
    for (const t of settled)
      void deliverWebhook(opts.webhookUrl, opts.webhookSecret, {
        id: `evt_${randomUUID()}`,
        type: 'paynow.credit',
        created: Math.floor(Date.now() / 1000),
        data: { object: creditView(t) },
      });
  };
  const settleDue = async () => announce(bank.settleDue(opts.clock.now()));

  const timer = setInterval(() => void settleDue(), 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.register(async (payer) => {
    payer.addHook('onRequest', settleDue);
    const tags = ['bank-sandbox'];

    payer.post<{ Body: PayBody }>(
      '/sandbox/api/bank/paynow/pay',
      {
        schema: {
          tags,
          summary:
            "A payer's banking app pays a PayNow QR (the SGQR payload), or a UEN, reference and amount keyed in; the amount is the QR's own",
          body: {
            type: 'object',
            properties: {
              qr: { type: 'string', minLength: 1, maxLength: 512 },
              uen: { type: 'string', pattern: '^[0-9A-Za-z]{9,10}$' },
              reference: { type: 'string', maxLength: 25 },
              amountCents: { type: 'integer', minimum: 1, maximum: 99_999_999 },
            },
            oneOf: [{ required: ['qr'] }, { required: ['uen', 'reference', 'amountCents'] }],
          },
          response: { 201: transferSchema, 422: errorSchema },
        },
      },
      async (request, reply) => {
        const now = opts.clock.now();
        let payee: Payee;
        if ('qr' in request.body) {
          try {
            const qr = readPaynowQr(request.body.qr, sgDate(now));
            payee = {
              uen: qr.uen,
              reference: qr.reference,
              amountCents: qr.amountCents,
              merchantName: qr.merchantName,
            };
          } catch (err) {
            if (!(err instanceof QrRefused)) throw err;
            return reply.status(422).send({ error: { code: err.code, message: err.message } });
          }
        } else {
          const { uen, reference, amountCents } = request.body;
          payee = { uen: uen.toUpperCase(), reference, amountCents, merchantName: null };
        }
        const transfer = bank.pay(payee, now);
        announce(bank.settleDue(now));
        return reply.status(201).send(transferView(transfer));
      },
    );

    payer.get(
      '/sandbox/api/bank/transfers',
      {
        schema: {
          tags,
          summary: 'Every PayNow transfer into the collection account, newest first',
          response: { 200: { type: 'array', items: transferSchema } },
        },
      },
      async () => bank.all().map(transferView),
    );

    payer.post(
      '/sandbox/api/bank/settle',
      {
        schema: {
          tags,
          summary: 'Credit every pending transfer now (each posts its event); answers those credited',
          response: { 200: { type: 'array', items: transferSchema } },
        },
      },
      async () => {
        const settled = bank.settleAll(opts.clock.now());
        announce(settled);
        return settled.map(transferView);
      },
    );

    payer.get(
      '/sandbox/api/bank/settings',
      {
        schema: {
          tags,
          summary: 'How long a transfer takes to be credited',
          response: { 200: settingsSchema },
        },
      },
      async () => bank.settings(),
    );

    payer.put<{ Body: BankSettings }>(
      '/sandbox/api/bank/settings',
      {
        schema: {
          tags,
          summary: 'Change how long transfers made from now on take to be credited',
          body: settingsSchema,
          response: { 200: settingsSchema },
        },
      },
      async (request) => bank.updateSettings({ delaySeconds: request.body.delaySeconds }),
    );
  });

  app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${opts.apiKey}`)
        return reply.status(401).send({ error: { code: 'unauthorized' } });
    });
    api.addHook('onRequest', faults.hook('bank'));
    api.addHook('onRequest', settleDue);
    const tags = ['bank'];
    const security = [{ bearer: [] }];

    api.get<{ Querystring: { reference: string } }>(
      '/bank/api/v1/credits',
      {
        schema: {
          tags,
          security,
          summary: 'Credits to the collection account carrying a reference, in the order credited',
          querystring: {
            type: 'object',
            required: ['reference'],
            properties: { reference: { type: 'string' } },
          },
          response: { 200: { type: 'array', items: creditSchema } },
        },
      },
      async (request) => bank.creditsFor(request.query.reference).map(creditView),
    );

    api.get<{ Querystring: { after?: string; limit?: number } }>(
      '/bank/api/v1/credit-advices',
      {
        schema: {
          tags,
          security,
          summary:
            "The account's credits in statement order after a cursor (none: from the first): the operator reads what it has not seen, whatever reached it by event",
          querystring: {
            type: 'object',
            properties: {
              after: {
                type: 'string',
                pattern: '^[0-9]{1,15}$',
                description: 'The cursor of the last page read',
              },
              limit: { type: 'integer', minimum: 1, maximum: 1000, default: 500 },
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                data: { type: 'array', items: creditSchema },
                cursor: {
                  type: 'string',
                  description: 'Where the next page starts; the same cursor when none is new',
                },
                has_more: { type: 'boolean' },
              },
            },
          },
        },
      },
      async (request) => {
        const after = Number(request.query.after ?? 0);
        const page = bank.creditsAfter(after, request.query.limit ?? 500);
        return {
          data: page.credits.map(creditView),
          cursor: String(page.credits.at(-1)?.seq ?? after),
          has_more: page.hasMore,
        };
      },
    );

    api.post<{ Params: { id: string }; Headers: { 'idempotency-key'?: string } }>(
      '/bank/api/v1/credits/:id/returns',
      {
        schema: {
          tags,
          security,
          summary:
            'Sends a credit back in full to the account it came from, once per credit (the same idempotency key answers the same return)',
          headers: {
            type: 'object',
            required: ['idempotency-key'],
            properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } },
          },
          response: {
            201: {
              type: 'object',
              properties: {
                credit: { type: 'string' },
                amount: { type: 'integer' },
                currency: { type: 'string' },
                returned_at: { type: 'string', format: 'date-time' },
              },
            },
            404: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const key = request.headers['idempotency-key'] as string;
        const t = bank.returnCredit(request.params.id, key, opts.clock.now());
        if (!t) return reply.status(404).send({ error: { code: 'resource_missing' } });
        if (t === 'already-returned')
          return reply
            .status(409)
            .send({ error: { code: 'already_returned', message: 'This credit was returned' } });
        return reply
          .status(201)
          .send({ credit: t.id, amount: t.amountCents, currency: 'SGD', returned_at: t.returnedAt });
      },
    );

    api.get<{ Params: { id: string } }>(
      '/bank/api/v1/credits/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One credit; a transfer not yet credited is not found',
          response: { 200: creditSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const t = bank.creditOf(request.params.id);
        if (!t) return reply.status(404).send({ error: { code: 'resource_missing' } });
        return creditView(t);
      },
    );
  });
}
