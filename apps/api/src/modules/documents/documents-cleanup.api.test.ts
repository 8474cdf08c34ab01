import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { account, orderJourney, uniqueNric } from '../../test/order-journey.ts';
import { signedInStaff } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  t.ctx.clock.reset();
});
afterAll(() => t.close());

const { put, post, uploadId, throughNumbers, placeOrder } = orderJourney(() => t);
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const DAY_AND_A_MINUTE = 24 * 60 * 60 + 60;

/** Which of these documents still exist: the row and its bytes, each on its own. */
async function kept(ids: string[]) {
  const { rows } = await t.ctx.database.pool.query('SELECT id FROM documents WHERE id = ANY($1)', [ids]);
  const withRow = new Set(rows.map((r: { id: string }) => r.id));
  const { rows: contents } = await t.ctx.database.pool.query(
    'SELECT document_id FROM document_contents WHERE document_id = ANY($1)',
    [ids],
  );
  const withBytes = new Set(contents.map((r: { document_id: string }) => r.document_id));
  return {
    rows: ids.filter((id) => withRow.has(id)),
    files: ids.filter((id) => withBytes.has(id)),
  };
}
const both = (doc: { front: string; back: string }) => [doc.front, doc.back];

describe('removing uploads nothing uses', () => {
  it('removes a day-old upload no draft or order has, and keeps those that are, and fresh ones', async () => {
    // A customer who uploaded and went away.
    const stray = await signedInCustomer(t);
    const strayDocs = both(await uploadId(stray.headers));
    // A customer part-way through the wizard who uploaded twice; the draft holds the second pair.
    const drafting = await throughNumbers();
    const replaced = both(await uploadId(drafting.headers));
    const drafted = await uploadId(drafting.headers);
    const saved = await put(
      '/api/v1/orders/draft/account',
      account({ documents: drafted, idNumber: uniqueNric() }),
      drafting.headers,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // A customer who placed their order: the draft is gone, the order is theirs.
    const placed = await placeOrder();
    const { rows: orderDocRows } = await t.ctx.database.pool.query(
      'SELECT id FROM documents WHERE user_id = $1',
      [placed.me.id],
    );
    const ordered = orderDocRows.map((r: { id: string }) => r.id);
    expect(ordered).toHaveLength(2);

    t.ctx.clock.advance(DAY_AND_A_MINUTE);
    // Uploaded a moment ago (by the moved clock): still inside the grace period.
    const fresh = await signedInCustomer(t);
    const freshDocs = both(await uploadId(fresh.headers));

    const keep = [...both(drafted), ...ordered, ...freshDocs];
    const gone = [...strayDocs, ...replaced];
    expect(await kept([...keep, ...gone])).toEqual({ rows: [...keep, ...gone], files: [...keep, ...gone] });

    expect(await t.ctx.documents.removeUnused()).toBeGreaterThanOrEqual(gone.length);
    expect(await kept([...keep, ...gone])).toEqual({ rows: keep, files: keep });
    // Again: nothing more to do, nothing kept is touched.
    expect(await t.ctx.documents.removeUnused()).toBe(0);
    expect(await kept([...keep, ...gone])).toEqual({ rows: keep, files: keep });
  });

  it('moves the files an earlier version kept on the disk into the database, once', async () => {
    const me = await signedInCustomer(t);
    const [front, back] = both(await uploadId(me.headers)) as [string, string];
    // As an earlier version kept them: the bytes in DATA_DIR/documents, by the document's id.
    await t.ctx.database.pool.query('DELETE FROM document_contents WHERE document_id = ANY($1)', [
      [front, back],
    ]);
    const dir = join(t.ctx.config.DATA_DIR, 'documents');
    await mkdir(dir, { recursive: true });
    const old = Buffer.concat([PNG_HEAD, Buffer.from('kept on disk')]);
    await writeFile(join(dir, front), old);
    await writeFile(join(dir, back), old);
    // A file with no document (gone, or an upload an earlier version is committing), and one that is
    // not a document's.
    const orphan = '00000000-0000-4000-8000-000000000000';
    await writeFile(join(dir, orphan), old);
    await writeFile(join(dir, 'notes.txt'), 'not a document');
    const read = () =>
      t.app.inject({ method: 'GET', url: `/api/v1/documents/${front}`, headers: me.headers });
    expect((await read()).statusCode).toBe(404);

    expect(await t.ctx.documents.importFromDisk()).toBe(2);
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(old)).toBe(true);
    expect(await kept([front, back])).toEqual({ rows: [front, back], files: [front, back] });
    // The file with no document is kept while it may still be committing, and removed an hour on.
    expect((await readdir(dir)).sort()).toEqual([orphan, 'notes.txt']);
    expect(await t.ctx.documents.importFromDisk()).toBe(0);
    t.ctx.clock.advance(61 * 60);
    expect(await t.ctx.documents.importFromDisk()).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['notes.txt']);
  });

  it('stops, rather than leave documents behind, when it cannot read the folder', async () => {
    // DATA_DIR/documents is a file on this host: the start fails, naming what it could not read.
    const dataDir = await mkdtemp(join(tmpdir(), 'selfcare-unreadable-'));
    await writeFile(join(dataDir, 'documents'), 'not a folder');
    const started = await createTestApp({ DATA_DIR: dataDir, RUN_WORKER: 'false' }).catch((e: unknown) => e);
    expect(String(started)).toContain('ENOTDIR');
  });

  it('never removes the documents staff see on an order, those sent after staff asked included', async () => {
    const agent = await signedInStaff(t, 'agent');
    const staff = (url: string, payload?: object) =>
      t.app.inject({
        method: payload ? 'POST' : 'GET',
        url: `/api/v1/staff${url}`,
        headers: agent.headers,
        payload,
      });
    type Detail = { status: string; documents: { id: string }[] };
    const detail = async (id: string) => body<Detail>(await staff(`/orders/${id}`)).data;

    const { me, order } = await placeOrder();
    const deadline = Date.now() + 15_000;
    while ((await detail(order.id)).status !== 'Payment success created in MVNE') {
      if (Date.now() > deadline) throw new Error('order never reached the MVNE');
      await new Promise((r) => setTimeout(r, 100));
    }
    const asked = await staff(`/orders/${order.id}/request-documents`, { reason: 'The photo is blurred' });
    expect(asked.statusCode, asked.body).toBe(200);
    // /uploadID: a first try at the front, then both sides handed in. No order records these ids.
    await uploadId(me.headers);
    const handedIn = await uploadId(me.headers);
    expect((await post('/api/v1/orders/documents', handedIn, me.headers)).statusCode).toBe(200);
    const shown = (await detail(order.id)).documents.map((d) => d.id);
    expect(shown).toHaveLength(6);

    t.ctx.clock.advance(DAY_AND_A_MINUTE);
    await t.ctx.documents.removeUnused();
    t.ctx.clock.reset();

    expect(await kept(shown)).toEqual({ rows: shown, files: shown });
    expect((await detail(order.id)).documents.map((d) => d.id)).toEqual(shown);
    for (const id of shown)
      expect((await staff(`/orders/${order.id}/documents/${id}`)).statusCode, id).toBe(200);
  }, 60_000);
});
