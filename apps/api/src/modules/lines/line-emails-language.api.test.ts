import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentJourney, sandbox, until } from '../../test/fulfilment.ts';
import { body, createTestApp, passwordLogin, type TestApp, waitForMessage } from '../../test/harness.ts';
import { signedInStaff } from '../../test/staff.ts';
import { checkPortJob } from './lines.jobs.ts';

/**
 * The lines module's emails are written in the language the customer chose (ADR 0055): the eSIM's,
 * with its code as it is, and the port-in's, refused with the donor's reason and then completed; a
 * customer who chose none reads today's English.
 */
let t: TestApp;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let agent: Staff;
let admin: Staff;
beforeAll(async () => {
  t = await createTestApp();
  [agent, admin] = await Promise.all([signedInStaff(t, 'agent'), signedInStaff(t, 'admin')]);
});
afterAll(() => t?.close());
afterEach(async () => {
  await sandbox('/sandbox/api/clock', { reset: true });
});

const { placeOrder, staffCall, orderStatus, active } = fulfilmentJourney(
  () => t,
  () => ({ agent, admin }),
);
type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

/** An eSIM order of a customer who chose `language`, verified by staff: its profile is emailed. */
async function esimOrder(language: 'ta' | null) {
  const placed = await placeOrder({ language }, { typeSim: 1, number: 'new' });
  await until(
    () => orderStatus(placed.order.id),
    (s) => s === 'Payment success created in MVNE',
  );
  expect((await staffCall(`/orders/${placed.order.id}/verify`, {})).statusCode).toBe(200);
  return placed;
}

interface Port {
  id: string;
  status: string;
  windowStart: string | null;
}
const ports = async (headers: Headers) => body<Port[]>(await call('GET', '/numberPorts', headers)).data;
const mvne = (path: string, init: RequestInit) =>
  fetch(`${t.ctx.config.MVNE_URL}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${t.ctx.config.MVNE_API_KEY}`, 'content-type': 'application/json' },
  });
/** Waits until the MVNE has the port, so that the window it runs in is known. */
const withNetwork = (portId: string) =>
  until(
    async () => {
      const { rows } = await t.ctx.database.pool.query(
        'SELECT mvne_port_id FROM port_requests WHERE id = $1',
        [portId],
      );
      return rows[0]?.mvne_port_id as string | null;
    },
    (id) => Boolean(id),
  );
/** Moves the sandbox clock into the port's window and reads the outcome once the MVNE has run it. */
async function runWindow(headers: Headers, portId: string, outcome: string) {
  const mvnePortId = await withNetwork(portId);
  const window = (await ports(headers))[0] as Port;
  await sandbox('/sandbox/api/clock', {
    at: new Date(Date.parse(window.windowStart as string) + 60_000).toISOString(),
  });
  await until(
    async () =>
      (
        (await (await mvne(`/numberPortability/v1/portIn/${mvnePortId}`, { method: 'GET' })).json()) as {
          state: string;
        }
      ).state,
    (state) => state === 'completed' || state === 'rejected',
  );
  await t.ctx.queue.send(checkPortJob, { portRequestId: portId, attempt: 0 });
  return until(
    async () => (await ports(headers))[0] as Port,
    (p) => p.status === outcome,
  );
}

describe("the lines module's emails in the customer's language", () => {
  it('sends the eSIM in Tamil to a customer who chose Tamil, and in English to one who chose none', async () => {
    const ta = await esimOrder('ta');
    const tamil = await waitForMessage(ta.me.email, (m) => m.subject?.endsWith('எண்ணுக்கான உங்கள் eSIM') === true);
    const code = /LPA:1\$[^\s]+/.exec(tamil.text)?.[0] as string;
    expect(code).toMatch(/^LPA:1\$smdp\.sandbox\.selfcare\.test\$/);
    expect(tamil.text).toMatch(/^வணக்கம் Test,\n\n\d{8} எண்ணுக்கான உங்கள் eSIM நிறுவத் தயாராக உள்ளது\.\n\n1\. /);
    expect(tamil.text).toContain(`செயல்படுத்தல் குறியீடு: ${code}\n`);
    expect(tamil.text).toContain('இந்த இணைப்புக்கு இன்னும் 2 இலவச eSIM புரொஃபைல்களை நிறுவலாம்.');
    expect(tamil.html).toContain(`<code>${code}</code>`);
    expect(tamil.html).toContain('<html lang="ta-SG">');

    const none = await esimOrder(null);
    const english = await waitForMessage(
      none.me.email,
      (m) => m.subject?.startsWith('Your eSIM for ') === true,
    );
    expect(english.text).toMatch(
      /^Hi Test,\n\nYour eSIM for \d{8} is ready to install\.\n\n1\. On your phone/,
    );
    expect(english.text).toContain(
      'You can install 2 more free eSIM profiles for this line. Only one works at a time.',
    );
    expect(english.html).toContain('<html lang="en-SG">');
  });

  it('tells a customer who chose Malay that the donor refused their number, why, and then that it moved', async () => {
    const msisdn = `9${randomInt(1_000_000, 9_999_999)}`;
    const { me, order } = await active({ number: 'port-in', portMsisdn: msisdn });
    const holder = await passwordLogin(t, me.email);
    expect((await call('PUT', '/auth/language', holder, { language: 'ms' })).statusCode).toBe(200);
    const donor = (refusal: string | null) =>
      mvne(`/numberPortability/v1/donorRecords/${msisdn}`, {
        method: 'PUT',
        body: JSON.stringify({ refusal }),
      });
    expect((await donor('id-mismatch')).status).toBe(204);
    const [port] = (await ports(holder)) as [Port];
    expect((await call('POST', `/numberPorts/${port.id}/submit`, holder)).statusCode).toBe(200);
    expect((await runWindow(holder, port.id, 'unsuccess')).status).toBe('unsuccess');
    const refused = await waitForMessage(
      me.email,
      (m) => m.subject === `Nombor anda tidak dapat dipindahkan: pesanan ${order.orderNumber}`,
    );
    expect(refused.text).toContain(
      `Rangkaian anda tidak dapat memindahkan ${msisdn} kepada kami.\n\nSebab: Nombor ID tidak sepadan dengan rekod rangkaian asal.\n\nSemak nombor ID dengan rangkaian semasa anda, betulkannya dan hantar semula.`,
    );
    expect(refused.text).toContain('Lihat pemindahan nombor anda: http://localhost:3000/manage/numberPort');
    expect(refused.html).toContain('<html lang="ms-SG">');

    const fixed = await call('PUT', `/numberPorts/${port.id}`, holder, {
      donorNetwork: 1,
      donorIdNumber: 'S9812381D',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    await donor(null);
    expect((await call('POST', `/numberPorts/${port.id}/submit`, holder)).statusCode).toBe(200);
    expect((await runWindow(holder, port.id, 'success')).status).toBe('success');
    const moved = await waitForMessage(
      me.email,
      (m) => m.subject === `Nombor anda telah berpindah kepada kami: pesanan ${order.orderNumber}`,
    );
    expect(moved.text).toContain(`Nombor anda ${msisdn} kini bersama kami.`);
  });
});
