import { Messages } from '@selfcare/domain';
import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, giveProfile, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { account, fieldErrors, orderJourney } from '../../test/order-journey.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, put, readyForAccount } = orderJourney(() => t);

describe('step 3, Account Information', () => {
  it('saves who the customer is with both sides of their ID', async () => {
    const { me, documents } = await readyForAccount();
    const res = await put(
      '/api/v1/orders/draft/account',
      account({ documents, idNumber: 's8979373d' }),
      me.headers,
    );
    expect(res.statusCode).toBe(200);
    const saved = body<{ account: Record<string, unknown> }>(await get('/api/v1/orders/draft', me.headers))
      .data.account;
    expect(saved).toMatchObject({ fullName: 'Lim Wei Jie', idNumber: 'S8979373D', documents });
    // Coming back to step 3 shows the files the draft holds, by name.
    expect(body<{ documents: unknown }>(res).data.documents).toEqual({
      front: { id: documents.front, fileName: 'front.png' },
      back: { id: documents.back, fileName: 'back.png' },
    });
  });

  it('wants both sides when one was removed', async () => {
    const { me, documents } = await readyForAccount();
    const res = await put(
      '/api/v1/orders/draft/account',
      account({ documents: { front: null, back: documents.back } }),
      me.headers,
    );
    expect(fieldErrors(res)).toEqual({ documents: OrderMessages.documentsRequired });
  });

  it('refuses a customer under 18 and a pass about to end, and says so per field', async () => {
    const { me, documents } = await readyForAccount();
    const young = await put(
      '/api/v1/orders/draft/account',
      account({ documents, dateOfBirth: '2015-01-01' }),
      me.headers,
    );
    expect(young.statusCode).toBe(422);
    expect(fieldErrors(young)).toEqual({ dateOfBirth: OrderMessages.tooYoung });
    const fin = {
      idType: 2,
      idNumber: 'M1234567K',
      passType: 'S Pass',
      passStatus: 'Live',
      passExpiry: '2026-12-31',
    };
    const pass = await put('/api/v1/orders/draft/account', account({ documents, ...fin }), me.headers);
    expect(fieldErrors(pass)).toEqual({ passExpiry: OrderMessages.passTooShort });
  });

  it('wants both sides uploaded by this customer', async () => {
    const { me } = await readyForAccount();
    const other = await readyForAccount();
    expect(fieldErrors(await put('/api/v1/orders/draft/account', account(), me.headers))).toEqual({
      documents: OrderMessages.documentsRequired,
    });
    const borrowed = await put(
      '/api/v1/orders/draft/account',
      account({ documents: other.documents }),
      me.headers,
    );
    expect(fieldErrors(borrowed)).toEqual({ documents: OrderMessages.documentsRequired });
  });

  it('refuses an ID number another customer has given', async () => {
    const { me, documents } = await readyForAccount();
    const holder = await signedInCustomer(t);
    await giveProfile(t, holder.id, {
      givenName: 'A',
      familyName: 'B',
      fullName: 'A B',
      dateOfBirth: '1980-01-01',
      contactNumber: holder.phoneNumber,
      idType: 2,
      idNumber: 'F1234567N',
      idIssueDate: '2010-01-01',
    });
    const res = await put(
      '/api/v1/orders/draft/account',
      account({
        documents,
        idType: 2,
        idNumber: 'F1234567N',
        passType: 'Employment Pass',
        passStatus: 'Live',
        passExpiry: '2030-01-01',
      }),
      me.headers,
    );
    expect(fieldErrors(res)).toEqual({ idNumber: Messages.idTaken });
  });
});

describe('step 3: who holds an ID number is not for asking over and over', () => {
  /** A valid NRIC (S series) with these seven digits. */
  const nric = (digits: number) => {
    const d = String(digits).padStart(7, '0');
    const sum = [2, 7, 6, 5, 4, 3, 2].reduce((n, w, i) => n + w * Number(d[i]), 0);
    return `S${d}${'JZIHGFEDCBA'[sum % 11]}`;
  };

  // The security test asked whether ID numbers were registered 300 times a minute through step 3.
  it('checks 10 new ID numbers a quarter of an hour per customer, then answers 429', async () => {
    const { me, documents } = await readyForAccount();
    const other = await readyForAccount();
    const base = 1_000_000 + Math.floor(Math.random() * 8_000_000);
    const save = (idNumber: string, headers = me.headers) =>
      put('/api/v1/orders/draft/account', account({ documents, idNumber }), headers);
    for (let i = 0; i < 10; i++) expect((await save(nric(base + i))).statusCode).toBe(200);
    const refused = await save(nric(base + 10));
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Saving the step again with the number it holds asks nothing new.
    expect((await save(nric(base + 9))).statusCode).toBe(200);
    // The limit is the customer's own.
    const theirs = await put(
      '/api/v1/orders/draft/account',
      account({ documents: other.documents, idNumber: nric(base + 10) }),
      other.me.headers,
    );
    expect(theirs.statusCode).toBe(200);
  });
});

describe('/uploadID: documents staff asked for', () => {
  const { uploadId, post } = orderJourney(() => t);

  it("takes both sides from a status-3 customer, says the spec's 'Add new data successfully.' and puts them back to waiting", async () => {
    const me = await signedInCustomer(t, { status: 3 });
    const missing = await post('/api/v1/orders/documents', { front: '', back: '' }, me.headers);
    expect(missing.statusCode).toBe(422);
    expect(body(missing).message).toBe(OrderMessages.documentsRequired);
    const stranger = await signedInCustomer(t, { status: 3 });
    const theirs = await uploadId(stranger.headers);
    expect(fieldErrors(await post('/api/v1/orders/documents', theirs, me.headers))).toEqual({
      documents: OrderMessages.documentsRequired,
    });

    const mine = await uploadId(me.headers);
    const res = await post('/api/v1/orders/documents', mine, me.headers);
    expect([res.statusCode, body(res).message]).toEqual([200, Messages.dataAdded]);
    expect(body<{ status: number }>(await get(`/api/v1/users/${me.id}`, me.headers)).data.status).toBe(1);
  });

  it('is not for customers nobody asked', async () => {
    const me = await signedInCustomer(t);
    const docs = await uploadId(me.headers);
    expect((await post('/api/v1/orders/documents', docs, me.headers)).statusCode).toBe(403);
  });
});
