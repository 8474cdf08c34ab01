import { randomInt, randomUUID } from 'node:crypto';
import { DeliveryMethod } from '@selfcare/domain';
import { deliveryDateOptions } from '@selfcare/domain/calendar';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT } from './plugins/errors.ts';
import { body, createTestApp, registration, TEST_PASSWORD } from './test/harness.ts';
import {
  encode,
  type Field,
  getAt,
  iccid,
  type JsonSchema,
  type Operation,
  sample,
  setAt,
  stringFieldOperations,
} from './test/openapi-operations.ts';
import { account, ION, orderJourney, planStep, uniqueNric } from './test/order-journey.ts';
import { STAFF_PASSWORD, signedInStaff, totp } from './test/staff.ts';

/**
 * Every operation the OpenAPI document lists, with one of its string fields (body, query or path)
 * holding a NUL or an unpaired UTF-16 surrogate, must be answered without a 5xx, and refused by its
 * schema rather than by the database: anonymously, and signed in as a customer (or, under /staff,
 * as staff). The other fields keep valid values so the request gets as far into the service as it can.
 */

// Webhooks take signed raw bodies (covered by their own tests); /testing exists only in tests.
const SKIPPED = [/^\/api\/v1\/webhooks\//, /^\/api\/v1\/testing\//];
// Each unsafe character once inside the field's valid value, then random placements.
const RANDOM_RUNS_PER_FIELD = 4;

const t = await createTestApp();
const journey = orderJourney(() => t);

const OPERATIONS = stringFieldOperations(t.app.swagger(), SKIPPED);

interface Caller {
  label: string;
  headers: Record<string, string>;
  ids: Record<string, string>;
  bodies: Record<string, () => unknown | Promise<unknown>>;
}
const callers: Record<'anonymous' | 'customer' | 'customerWithOrder' | 'staff', Caller> = {
  anonymous: { label: 'anonymous', headers: {}, ids: {}, bodies: {} },
  customer: { label: 'customer', headers: {}, ids: {}, bodies: {} },
  customerWithOrder: { label: 'customer', headers: {}, ids: {}, bodies: {} },
  staff: { label: 'staff', headers: {}, ids: {}, bodies: {} },
};

beforeAll(async () => {
  // One customer with an order placed (its order, line and port for the path parameters), one
  // with every wizard step filled in, so the draft's steps and checkout get past their preconditions.
  const placed = await journey.placeOrder();
  const ordering = await journey.readyForSummary();
  const documents = await journey.uploadId(ordering.headers);
  const staff = await signedInStaff(t, 'admin');
  const firstId = async (url: string) =>
    body<{ id: string }[]>(await journey.get(url, placed.me.headers)).data?.[0]?.id ?? randomUUID();
  const ids = {
    order: placed.order.id,
    attempt: placed.attemptId,
    line: await firstId('/api/v1/lines'),
    port: await firstId('/api/v1/numberPorts'),
    document: documents.front,
  };
  const bodies: Caller['bodies'] = {
    'POST /api/v1/auth/register': () => registration(),
    'POST /api/v1/auth/login': () => ({ email: ordering.email, password: TEST_PASSWORD }),
    'POST /api/v1/staff/auth/login': async () => ({
      email: staff.email,
      password: STAFF_PASSWORD,
      code: await totp(staff.secret),
    }),
    'PUT /api/v1/orders/draft/plan': () => planStep(),
    'PUT /api/v1/orders/draft/numbers': () => ({
      lines: [{ numberType: 'RETAIN', msisdn: '90000002', donorNetwork: 0, confirmPostpaid: true }],
    }),
    'PUT /api/v1/orders/draft/account': () => ({
      ...account({ idNumber: uniqueNric(), documents }),
      employer: 'Marina Bay Holdings',
    }),
    'PUT /api/v1/orders/draft/delivery': () => ({
      deliveryMethod: DeliveryMethod.HomeDelivery,
      delivery: ION,
      deliveryDate: deliveryDateOptions(t.ctx.clock.now(), DeliveryMethod.HomeDelivery)[0],
      billingSameAsDelivery: false,
      billing: ION,
    }),
    'POST /api/v1/orders/documents': () => documents,
  };
  for (const caller of Object.values(callers)) Object.assign(caller, { ids, bodies });
  callers.customer.headers = ordering.headers;
  callers.customerWithOrder.headers = placed.me.headers;
  callers.staff.headers = staff.headers;
}, 120_000);

afterAll(async () => {
  const fields = OPERATIONS.reduce((n, op) => n + op.fields.length, 0);
  process.stdout.write(`${sent} requests over ${fields} string fields of ${OPERATIONS.length} operations\n`);
  await t.close();
});

function pathSample(route: string, name: string, ids: Record<string, string>): string {
  if (name === 'iccid') return iccid();
  if (name === 'documentId' || route.startsWith('/api/v1/documents/')) return ids.document ?? randomUUID();
  if (route.includes('/numberPorts/')) return ids.port ?? randomUUID();
  if (route.includes('/lines/')) return ids.line ?? randomUUID();
  if (route.includes('/checkout/')) return ids.attempt ?? randomUUID();
  if (route.includes('/orders/')) return ids.order ?? randomUUID();
  return randomUUID();
}

const UNSAFE = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\ude00\ud83d'];
/** A NUL or a lone surrogate put into the field's valid value, or between random text. */
const unsafeText = fc.record({
  unsafe: fc.constantFrom(...UNSAFE),
  inside: fc.boolean(),
  at: fc.nat(),
  before: fc.string({ maxLength: 6 }),
  after: fc.string({ unit: 'binary', maxLength: 6 }),
});
type UnsafeText = typeof unsafeText extends fc.Arbitrary<infer T> ? T : never;
const EXAMPLES: [UnsafeText][] = UNSAFE.map((unsafe) => [
  { unsafe, inside: true, at: 1, before: '', after: '' },
]);
const place = (u: UnsafeText, valid: unknown) => {
  const base = typeof valid === 'string' ? valid : '';
  if (!u.inside) return u.before + u.unsafe + u.after;
  const i = u.at % (base.length + 1);
  return base.slice(0, i) + u.unsafe + base.slice(i);
};

let sent = 0;

async function send(op: Operation, field: Field, caller: Caller, u: UnsafeText) {
  let payload: unknown;
  if (op.bodyVariants.length > 0) {
    const own = caller.bodies[op.name];
    // A copy: the field is changed in place, and the bases share objects (the uploaded documents).
    payload = structuredClone(
      own && field.variant === 0 ? await own() : sample(op.bodyVariants[field.variant] as JsonSchema),
    );
  }
  const query = Object.fromEntries(op.query.map((p) => [p.name, sample(p.schema ?? {}, p.name)]));
  const params = Object.fromEntries(op.params.map((p) => [p.name, pathSample(op.route, p.name, caller.ids)]));
  const target = field.where === 'body' ? payload : field.where === 'query' ? query : params;
  const value = place(u, getAt(target, field.path));
  setAt(target, field.path, value);

  const url = op.route.replace(/\{(\w+)\}/g, (_, name: string) => encode(String(params[name])));
  const search = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encode(String(v))}`)
    .join('&');
  sent += 1;
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: search ? `${url}?${search}` : url,
    headers: {
      ...caller.headers,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    // JSON.stringify writes a lone surrogate as its \u escape, so the server parses it back as one.
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    // A fresh address each time, so per-address throttles answer 429 as rarely as possible.
    remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  return { res, value };
}

describe('NUL and lone surrogates in any string field', () => {
  it('reach every operation that takes text', () => {
    const names = OPERATIONS.map((op) => op.name);
    expect(names).toContain('POST /api/v1/auth/register');
    expect(names).toContain('PUT /api/v1/orders/draft/account');
    expect(names).toContain('GET /api/v1/staff/orders');
    expect(OPERATIONS.reduce((n, op) => n + op.fields.length, 0)).toBeGreaterThan(60);
  });

  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    '%s answers them without a 5xx',
    async (_, op) => {
      const signedIn = op.route.startsWith('/api/v1/staff/')
        ? callers.staff
        : op.params.length > 0
          ? callers.customerWithOrder
          : callers.customer;
      const failures: string[] = [];
      for (const caller of [callers.anonymous, signedIn]) {
        for (const field of op.fields) {
          let failed = '';
          const property = fc.asyncProperty(unsafeText, async (u) => {
            const { res, value } = await send(op, field, caller, u);
            // The database's refusal is a 400 as well, but the schemas are meant to refuse first.
            const leftToDatabase = res.statusCode === 400 && body(res).message === UNSTORABLE_TEXT;
            if (res.statusCode >= 500 || leftToDatabase)
              failed = `${JSON.stringify(value)} gave ${res.statusCode}`;
            return !failed;
          });
          await fc
            .assert(property, {
              numRuns: EXAMPLES.length + RANDOM_RUNS_PER_FIELD,
              examples: EXAMPLES,
              endOnFailure: true,
            })
            .catch(() => failures.push(`${caller.label}, ${field.where} ${field.path.join('.')}: ${failed}`));
        }
      }
      expect(failures).toEqual([]);
    },
    60_000,
  );
});
