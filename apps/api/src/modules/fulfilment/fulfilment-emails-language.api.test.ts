import { formatSgDay } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentJourney, until } from '../../test/fulfilment.ts';
import {
  body,
  createTestApp,
  type signedInCustomer,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { signedInStaff } from '../../test/staff.ts';

/**
 * The emails of an order's steps are written in the language the customer chose (ADR 0055): the SIM
 * on its way, with its day as the language writes it, every line active, a rejection with its refund,
 * documents asked for; a customer who chose none reads today's English.
 */
let t: TestApp;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let agent: Staff;
let supervisor: Staff;
let admin: Staff;
beforeAll(async () => {
  t = await createTestApp();
  [agent, supervisor, admin] = await Promise.all([
    signedInStaff(t, 'agent'),
    signedInStaff(t, 'supervisor'),
    signedInStaff(t, 'admin'),
  ]);
});
afterAll(() => t?.close());

const { placeOrder, staffCall, orderStatus, stockSim } = fulfilmentJourney(
  () => t,
  () => ({ agent, admin }),
);
type Language = NonNullable<Parameters<typeof signedInCustomer>[1]>['language'];

/** A paid order, with a new number, of a customer who chose `language`, waiting for review. */
async function reviewable(language: Language) {
  const placed = await placeOrder({ language }, { number: 'new' });
  expect(
    await until(
      () => orderStatus(placed.order.id),
      (s) => s === 'Payment success created in MVNE',
    ),
  ).toBe('Payment success created in MVNE');
  return placed;
}

describe("an order's steps in the customer's language", () => {
  it('tells a customer who chose Malay of the SIM on its way, its day in Malay, and of every line active', async () => {
    const { me, order } = await reviewable('ms');
    expect((await staffCall(`/orders/${order.id}/verify`, {})).statusCode).toBe(200);
    const sim = await stockSim();
    const lineId = body<{ lines: { id: string }[] }>(await staffCall(`/orders/${order.id}`)).data.lines[0]
      ?.id as string;
    const sent = await staffCall(`/orders/${order.id}/deliveries`, {
      deliveryMethod: 0,
      deliveryDate: '2026-12-01',
      trackingCode: 'NV-0001',
      sims: [{ lineId, iccid: sim.iccid }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const onItsWay = await waitForMessage(
      me.email,
      (m) => m.subject === `SIM anda dalam perjalanan: pesanan ${order.orderNumber}`,
    );
    expect(onItsWay.text).toMatch(/^Hai Test,\n\n/);
    expect(onItsWay.text).toContain(
      `SIM anda untuk pesanan ${order.orderNumber} dalam perjalanan melalui Penghantaran ke Rumah, dijadualkan pada ${formatSgDay('2026-12-01', 'weekday', 'ms')}.`,
    );
    expect(formatSgDay('2026-12-01', 'weekday', 'ms')).toBe('Selasa, 1 Disember 2026');
    expect(onItsWay.text).toContain('Kod penjejakan: NV-0001');
    expect(onItsWay.text).toContain(`Lihat pesanan anda: http://localhost:3000/myAccount`);
    expect(onItsWay.html).toContain('<html lang="ms-SG">');

    expect((await staffCall(`/orders/${order.id}/delivered`, {})).statusCode).toBe(200);
    const activated = await staffCall(`/orders/${order.id}/activate`, {
      lines: [{ lineId, imsi: sim.imsi }],
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const active = await waitForMessage(
      me.email,
      (m) => m.subject === `Talian anda sudah aktif: pesanan ${order.orderNumber}`,
    );
    expect(active.text).toContain(
      `SIM berjaya diaktifkan. Setiap talian dalam pesanan ${order.orderNumber} kini aktif.`,
    );
    expect(active.text).toContain('Buka papan pemuka saya: http://localhost:3000/dashboard/local');
    expect(active.text).not.toContain('Active SIM successfully');
  });

  it('tells a customer who chose Chinese that their order was not approved, and of its refund', async () => {
    const { me, order } = await reviewable('zh');
    const res = await staffCall(
      `/orders/${order.id}/reject`,
      { reason: 'The ID photo is of someone else' },
      supervisor.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForMessage(
      me.email,
      (m) => m.subject === `您的订单未获批准：订单 ${order.orderNumber}`,
    );
    expect(mail.text).toContain(
      `我们无法批准您的订单 ${order.orderNumber}。\n\n原因：The ID photo is of someone else`,
    );
    expect(mail.text).toMatch(/我们正在将 \$\d+\.\d{2} 退款至您的银行卡/);
    expect(mail.text).toContain(`查看订单：http://localhost:3000/manage/orders/${order.id}`);
    expect(mail.html).toContain('<html lang="zh-Hans-SG">');
  });

  it('asks a customer who chose Tamil for their documents in Tamil, and one who chose none in English', async () => {
    const reason = 'The back of the ID is blurred';
    const ta = await reviewable('ta');
    expect((await staffCall(`/orders/${ta.order.id}/request-documents`, { reason })).statusCode).toBe(200);
    const tamil = await waitForMessage(
      ta.me.email,
      (m) => m.subject === `உங்கள் அடையாள ஆவணங்களைப் பதிவேற்றவும்: ஆர்டர் ${ta.order.orderNumber}`,
    );
    expect(tamil.text).toMatch(/^வணக்கம் Test,\n\n/);
    expect(tamil.text).toContain(`காரணம்: ${reason}`);
    expect(tamil.text).toContain('அடையாள ஆவணங்களைப் பதிவேற்றவும்: http://localhost:3000/uploadID');
    expect(tamil.html).toContain('<html lang="ta-SG">');

    const none = await reviewable(null);
    expect((await staffCall(`/orders/${none.order.id}/request-documents`, { reason })).statusCode).toBe(200);
    const english = await waitForMessage(
      none.me.email,
      (m) => m.subject === `Please upload your ID documents: order ${none.order.orderNumber}`,
    );
    expect(english.text).toBe(
      [
        'Hi Test,',
        `To approve your order ${none.order.orderNumber}, we need a clear copy of the front and back of your ID.`,
        `Why: ${reason}`,
        'Log in and upload them. Your order goes ahead as soon as we have checked them.',
        'Upload ID documents: http://localhost:3000/uploadID',
        `Need help? Email ${t.ctx.brand.supportEmail} or call ${t.ctx.brand.supportPhone}.\n${t.ctx.brand.name}`,
      ].join('\n\n'),
    );
    expect(english.html).toContain('<html lang="en-SG">');
  });
});
