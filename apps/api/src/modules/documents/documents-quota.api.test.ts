import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, multipart, signedInCustomer, type TestApp } from '../../test/harness.ts';

// Small limits, so that the edge is reached with a few small files: 3 files, 3000 bytes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_FILES_PER_CUSTOMER: '3', UPLOAD_MAX_BYTES_PER_CUSTOMER: '3000' });
});
afterAll(() => t.close());

const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const png = (size: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length)]);

function upload(headers: { authorization: string }, content = png(1000)) {
  const form = multipart('id.png', content);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/documents?side=front',
    payload: form.payload,
    headers: { ...headers, 'content-type': form.contentType },
  });
}

/** Every document whose bytes are stored. */
const storedFiles = async () =>
  (await t.ctx.database.pool.query('SELECT document_id FROM document_contents')).rows.map(
    (r: { document_id: string }) => r.document_id,
  );
const storedRows = async (userId: string) =>
  (await t.ctx.database.pool.query('SELECT id FROM documents WHERE user_id = $1', [userId])).rows.map(
    (r: { id: string }) => r.id,
  );

function expectRefused(res: Awaited<ReturnType<typeof upload>>) {
  expect(res.statusCode, res.body).toBe(409);
  expect(body(res).message).toBe(OrderMessages.uploadQuotaReached);
  expect(body(res).extra_info.fields).toEqual({ file: OrderMessages.uploadQuotaReached });
}

describe('upload quota per customer', () => {
  it('takes files up to the count, then refuses the next and stores nothing of it', async () => {
    const me = await signedInCustomer(t);
    const before = await storedFiles();
    for (let i = 0; i < 3; i++) expect((await upload(me.headers)).statusCode).toBe(201);
    const kept = await storedRows(me.id);
    expect(kept).toHaveLength(3);

    expectRefused(await upload(me.headers, png(100)));
    expect((await storedRows(me.id)).sort()).toEqual([...kept].sort());
    const after = await storedFiles();
    expect(after).toHaveLength(before.length + 3);
    expect(after).toEqual(expect.arrayContaining(kept));

    // The quota is each customer's own.
    const other = await signedInCustomer(t);
    expect((await upload(other.headers)).statusCode).toBe(201);
  });

  it('counts bytes too: a file that would pass the total is refused, one that fits exactly is taken', async () => {
    const me = await signedInCustomer(t);
    expect((await upload(me.headers, png(1000))).statusCode).toBe(201);
    expect((await upload(me.headers, png(1000))).statusCode).toBe(201);
    const before = await storedFiles();
    expectRefused(await upload(me.headers, png(1001)));
    expect(await storedRows(me.id)).toHaveLength(2);
    expect(await storedFiles()).toHaveLength(before.length);
    expect((await upload(me.headers, png(1000))).statusCode).toBe(201);
  });

  it('lets exactly one of 10 concurrent uploads through at the last free place', async () => {
    const me = await signedInCustomer(t);
    for (let i = 0; i < 2; i++) expect((await upload(me.headers, png(200))).statusCode).toBe(201);
    const before = await storedFiles();
    const results = await Promise.all(Array.from({ length: 10 }, () => upload(me.headers, png(200))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409)) expectRefused(r);
    const rows = await storedRows(me.id);
    expect(rows).toHaveLength(3);
    const after = await storedFiles();
    expect(after).toHaveLength(before.length + 1);
    expect(after).toEqual(expect.arrayContaining(rows));
  });
});
