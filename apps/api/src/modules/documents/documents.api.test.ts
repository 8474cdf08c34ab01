import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_MAX_BYTES } from '@selfcare/domain';
import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, multipart, signedInCustomer, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);

async function upload(headers: { authorization: string }, fileName: string, content: Buffer, side = 'front') {
  const form = multipart(fileName, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/documents?side=${side}`,
    payload: form.payload,
    headers: { ...headers, 'content-type': form.contentType },
  });
}

describe('ID document upload', () => {
  it('keeps a PNG or a PDF and gives it back only to its owner', async () => {
    const me = await signedInCustomer(t);
    const res = await upload(me.headers, 'my nric (front).png', PNG);
    expect(res.statusCode).toBe(201);
    const doc = body<{ id: string; mimeType: string; fileName: string }>(res).data;
    expect(doc).toMatchObject({ mimeType: 'image/png', fileName: 'my_nric_front_.png' });
    expect((await upload(me.headers, 'back.pdf', PDF, 'back')).statusCode).toBe(201);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${doc.id}`,
      headers: me.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-disposition']).toBe('attachment; filename="my_nric_front_.png"');
    expect(mine.rawPayload.equals(PNG)).toBe(true);

    const stranger = await signedInCustomer(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${doc.id}`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('is read through another API process, on a host with a disk of its own', async () => {
    const me = await signedInCustomer(t);
    const res = await upload(me.headers, 'front.png', PNG);
    expect(res.statusCode).toBe(201);
    const { id } = body<{ id: string }>(res).data;
    // Processes behind one address share their signing secret, as an operator runs them.
    const elsewhere = await createTestApp({
      DATA_DIR: join(tmpdir(), `selfcare-other-host-${process.pid}`),
      JWT_SECRET: t.ctx.config.JWT_SECRET,
    });
    try {
      const read = await elsewhere.app.inject({
        method: 'GET',
        url: `/api/v1/documents/${id}`,
        headers: me.headers,
      });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(PNG)).toBe(true);
    } finally {
      await elsewhere.close();
    }
  });

  it('judges the content, not the name: a renamed program is refused', async () => {
    const me = await signedInCustomer(t);
    const res = await upload(me.headers, 'id-front.jpg', EXE);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe(OrderMessages.fileNotImage);
    const text = await upload(me.headers, 'id-front.png', Buffer.from('not an image\n'));
    expect(text.statusCode).toBe(422);
    expect(body(text).message).toBe(OrderMessages.fileNotImage);
    const mismatch = await upload(me.headers, 'id-front.exe', PNG);
    expect(body(mismatch).message).toBe(OrderMessages.fileInvalidExtension);
  });

  it('takes exactly 5MB and refuses one byte more', async () => {
    const me = await signedInCustomer(t);
    const pad = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
    expect((await upload(me.headers, 'big.png', pad(UPLOAD_MAX_BYTES))).statusCode).toBe(201);
    const tooBig = await upload(me.headers, 'big.png', pad(UPLOAD_MAX_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig).message).toBe(OrderMessages.fileTooLarge);
  });

  it('is refused to a customer who is not ordering or asked for documents', async () => {
    const active = await signedInCustomer(t, { status: 2, activated: true });
    expect((await upload(active.headers, 'a.png', PNG)).statusCode).toBe(403);
    expect((await upload({ authorization: 'Bearer nope' }, 'a.png', PNG)).statusCode).toBe(401);
  });
});
