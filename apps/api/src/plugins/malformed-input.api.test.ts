import { randomInt } from 'node:crypto';
import { Messages, RequestMessages } from '@selfcare/domain';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { body, createTestApp, multipart, signedInCustomer, type TestApp } from '../test/harness.ts';
import { PNG } from '../test/order-journey.ts';
import { signedInStaff } from '../test/staff.ts';
import { UNSTORABLE_TEXT, UPLOAD_INCOMPLETE } from './errors.ts';

let t: TestApp;
let customer: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  customer = (await signedInCustomer(t)).headers;
  admin = (await signedInStaff(t, 'admin')).headers;
});
afterAll(() => t.close());

const BOUNDARY = '----selfcare-test-boundary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const part = (fileName: string, type = 'image/png') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;

// One SIM, so the import gets as far as storing its batch (and the batch's file name).
const stockList = () => {
  const base = randomInt(1_000_000, 9_000_000);
  return Buffer.from(
    `iccid,imsi,pin,puk\n${withLuhnDigit(`89650197${base}000`)},52597${base}000,1234,12345678`,
  );
};
const UPLOADS = [
  { name: 'an ID document', url: '/api/v1/documents?side=front', headers: () => customer, file: () => PNG },
  { name: 'a SIM stock list', url: '/api/v1/staff/sims/import', headers: () => admin, file: stockList },
];

const post = (
  url: string,
  headers: Record<string, string>,
  payload: Buffer | string,
  contentType = CONTENT_TYPE,
) => t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });

describe.each(UPLOADS)('a broken upload of $name', ({ url, headers, file }) => {
  it('cut off inside the file is a 400 asking to try again, not a 500', async () => {
    const whole = multipart('front.png', PNG, 'image/png').payload;
    for (const cut of [part('front.png').length + 10, whole.length - 10]) {
      const res = await post(url, headers(), whole.subarray(0, cut));
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).message).toBe(UPLOAD_INCOMPLETE);
      expect(body(res).extra_info.fields).toEqual({ file: UPLOAD_INCOMPLETE });
    }
  });

  it('cut off inside the part header, or with a header that never ends, is a 400', async () => {
    for (const payload of [
      part('front.png').slice(0, 40),
      `--${BOUNDARY}\r\nContent-Disposition: form-data`,
    ]) {
      const res = await post(url, headers(), payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).message).toBe(UPLOAD_INCOMPLETE);
    }
  });

  it('declared multipart without a boundary, or with nothing but garbage, is a 4xx', async () => {
    const noBoundary = await post(url, headers(), multipart('a.png', PNG).payload, 'multipart/form-data');
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    const garbage = await post(url, headers(), Buffer.from('\u0000\u00ff not a form at all'));
    expect(garbage.statusCode, garbage.body).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode, garbage.body).toBeLessThan(500);
  });

  it('with a NUL in the file name is a field error', async () => {
    const form = Buffer.concat([
      Buffer.from(part('front\u0000.png')),
      file(),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const res = await post(url, headers(), form);
    expect(res.statusCode, res.body).toBe(422);
    expect(body(res).extra_info.fields).toEqual({ file: Messages.invalid('File name') });
  });
});

describe('after a broken upload', () => {
  it('the next, whole one is taken', async () => {
    const whole = multipart('front.png', PNG, 'image/png');
    expect(
      (await post('/api/v1/documents?side=front', customer, whole.payload.subarray(0, 100))).statusCode,
    ).toBe(400);
    const res = await post('/api/v1/documents?side=front', customer, whole.payload, whole.contentType);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('text the database cannot store, should a schema let it through', () => {
  it('is a 400 saying so, whether the driver or the query builder throws; other database errors stay 500', async () => {
    const app = await buildApp(t.ctx, { logger: false });
    const { pool, db } = t.ctx.database;
    // Routes without schemas, standing in for one that forgot to refuse NUL or lone surrogates.
    const queries: Record<string, () => Promise<unknown>> = {
      'nul-text': () => pool.query('SELECT $1::text', ['a\u0000b']),
      'nul-json': () => pool.query('SELECT $1::jsonb', [JSON.stringify({ note: 'a\u0000b' })]),
      'surrogate-json': () => pool.query('SELECT $1::jsonb', [JSON.stringify({ note: 'a\ud800b' })]),
      'nul-text-drizzle': () => db.execute(sql`SELECT ${'a\u0000b'}::text`),
      'division-by-zero': () => pool.query('SELECT 1 / 0'),
    };
    for (const [name, query] of Object.entries(queries)) app.get(`/probe/${name}`, () => query());
    await app.ready();
    try {
      for (const name of ['nul-text', 'nul-json', 'surrogate-json', 'nul-text-drizzle']) {
        const res = await app.inject({ method: 'GET', url: `/probe/${name}` });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(body(res).message).toBe(UNSTORABLE_TEXT);
      }
      const other = await app.inject({ method: 'GET', url: '/probe/division-by-zero' });
      expect(other.statusCode).toBe(500);
      expect(body(other).message).toBe(Messages.serverError);
    } finally {
      await app.close();
    }
  });
});

describe('a path the router cannot decode', () => {
  it("is a 400 in the response envelope, not the framework's own body", async () => {
    for (const url of ['/api/v1/orders/%ED%A0%80', '/api/v1/users/%E0%A4%A', '/api/v1/orders/%']) {
      const res = await t.app.inject({ method: 'GET', url, headers: customer });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        data: null,
        status: 400,
        message: RequestMessages.urlInvalid,
        extra_info: {},
      });
    }
  });
});
