import type { AccountDeletionView } from '@selfcare/domain/contracts/account-deletion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  signedInCustomer,
  TEST_PASSWORD,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { signedInStaff } from '../../test/staff.ts';

/**
 * The emails about closing the account (ADR 0030) in the language the customer chose (ADR 0055):
 * the request, its withdrawal, and the last email, sent as the account's data is erased. A customer
 * who chose nothing reads today's English.
 */
let t: TestApp;
type Headers = { authorization: string };
let supervisor: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  supervisor = await signedInStaff(t, 'supervisor');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
/** Asks to close the account; answers the open request's id. */
async function ask(headers: Headers): Promise<string> {
  const res = await call('POST', '/account/deletion-request', headers, {
    password: TEST_PASSWORD,
    understood: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<AccountDeletionView>(res).data.request?.id as string;
}

describe('the emails of closing the account', () => {
  it('are written in Tamil to a customer who chose Tamil: the request, its withdrawal and the closing', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    expect((await call('PUT', '/auth/language', c.headers, { language: 'ta' })).statusCode).toBe(200);

    const first = await ask(c.headers);
    const asked = await waitForMessage(
      c.email,
      (m) => m.subject === 'உங்கள் Selfcare Mobile கணக்கை மூடுவதற்கான உங்கள் கோரிக்கை',
    );
    expect(asked.text).toContain('வணக்கம் Test,');
    expect(asked.text).toContain('+65 6123 4567 என்ற எண்ணில் எங்களை அழையுங்கள்');
    expect(asked.text).toContain('உங்கள் கோரிக்கையைப் பார்க்கவும் அல்லது திரும்பப் பெறவும்: ');
    expect(asked.text).toContain('/profile/myProfile');
    expect(asked.html).toContain('<html lang="ta-SG">');
    expect(asked.text).not.toContain('close your');

    expect((await call('DELETE', `/account/deletion-request/${first}`, c.headers)).statusCode).toBe(200);
    const withdrawn = await waitForMessage(
      c.email,
      (m) => m.subject === 'உங்கள் Selfcare Mobile கணக்கு தொடர்ந்து செயலில் இருக்கும்',
    );
    expect(withdrawn.text).toContain('எதுவும் நீக்கப்படவில்லை');

    const id = await ask(c.headers);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/account-deletions/${id}/complete`,
      headers: supervisor.headers,
    });
    expect(done.statusCode, done.body).toBe(200);
    // Read before the account's data went: the last email is in the language its holder chose.
    const closed = await waitForMessage(c.email, (m) => m.subject === 'உங்கள் Selfcare Mobile கணக்கு மூடப்பட்டது');
    expect(closed.text).toContain('இந்த முகவரிக்கு நாங்கள் அனுப்பும் கடைசி மின்னஞ்சல் இது.');
    expect(closed.html).not.toContain('<a href');
  });

  it('stay in English for a customer who chose no language', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    await ask(c.headers);
    const asked = await waitForMessage(
      c.email,
      (m) => m.subject === 'Your request to close your Selfcare Mobile account',
    );
    expect(asked.text).toContain(
      'Hi Test,\n\nWe have your request to close your Selfcare Mobile account and delete your personal data.',
    );
    expect(asked.text).toContain('See or withdraw your request: ');
    expect(asked.html).toContain('<html lang="en-SG">');
  });
});
