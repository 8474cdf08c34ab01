import { formatSgMobile } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentJourney } from '../../test/fulfilment.ts';
import { body, createTestApp, passwordLogin, type TestApp, waitForMessage } from '../../test/harness.ts';
import { uniqueContactNumber, uniqueNric } from '../../test/order-journey.ts';
import { signedInStaff } from '../../test/staff.ts';

/**
 * Orders' emails are written in the language the customer chose (ADR 0055): a paid order's
 * confirmation, its fees named in that language, and an added 'Us' line's; a customer who chose none
 * reads today's English.
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

const { placeOrder, active } = fulfilmentJourney(
  () => t,
  () => ({ agent, admin }),
);
const call = (method: 'POST' | 'PUT', url: string, headers: object, payload: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers as Record<string, string>, payload });

describe("orders' emails in the customer's language", () => {
  it("confirms a paid order in Chinese to a customer who chose Chinese, the quote's fees named in it", async () => {
    const { me, order } = await placeOrder({ language: 'zh' }, { number: 'new' });
    const mail = await waitForMessage(
      me.email,
      (m) => m.subject === `您的 Selfcare Mobile 订单 ${order.orderNumber}`,
    );
    expect(mail.text).toMatch(
      new RegExp(
        `^Test，您好：\\n\\n感谢您的订单 ${order.orderNumber}。请等待管理员批准您的订单；每个步骤我们都会发邮件通知您。\\n\\n`,
      ),
    );
    // The plan and add-on keep their names; the fees are named in Chinese.
    expect(mail.text).toMatch(/\nMe: .+：\$\d+\.\d{2}\n/);
    expect(mail.text).toMatch(/\nMe: 新号码费：\$\d+\.\d{2}\n/);
    expect(mail.text).toMatch(/\n配送费：\$5\.50\n/);
    expect(mail.text).toMatch(
      /\n合计：\$\d+\.\d{2}（含 9% GST：\$\d+\.\d{2}）\n现已从您的银行卡扣款：\$\d+\.\d{2}\n/,
    );
    expect(mail.text).toContain('查看订单：http://localhost:3000/myAccount');
    expect(mail.text).not.toContain('New number fee');
    expect(mail.html).toContain('<html lang="zh-Hans-SG">');
    expect(mail.html).toContain(`<strong>${order.orderNumber}</strong>`);
  });

  it('confirms it in English to a customer who chose no language, as before', async () => {
    const { me, order } = await placeOrder({}, { number: 'new' });
    const mail = await waitForMessage(
      me.email,
      (m) => m.subject === `Your Selfcare Mobile order ${order.orderNumber}`,
    );
    expect(mail.text).toMatch(
      new RegExp(
        `^Hi Test,\\n\\nThank you for your order ${order.orderNumber}\\. Please wait for the administrator to approve your order; we will email you at every step\\.\\n\\n`,
      ),
    );
    expect(mail.text).toMatch(/\nMe: New number fee: \$\d+\.\d{2}\nDelivery: \$5\.50\nTotal: \$/);
    expect(mail.text).toContain('See your order: http://localhost:3000/myAccount');
    expect(mail.html).toContain('<html lang="en-SG">');
  });

  it("confirms an added 'Us' line in Tamil to a holder who chose Tamil", async () => {
    const { me } = await active({ number: 'new' });
    const holder = await passwordLogin(t, me.email);
    expect((await call('PUT', '/auth/language', holder, { language: 'ta' })).statusCode).toBe(200);
    const msisdn = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const added = await call('POST', '/sub-lines', holder, {
      assignee: { fullName: 'Tan Mei Ling', idNumber: uniqueNric(), contactNumber: uniqueContactNumber() },
      planCode: 'LITE-10',
      typeSim: 1,
      numberType: 'RETAIN',
      msisdn,
      donorNetwork: 1,
      confirmPostpaid: true,
      delivery: { deliveryMethod: 2 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { orderId, orderNumber } = body<{ orderId: string; orderNumber: string }>(added).data;
    const mail = await waitForMessage(
      me.email,
      (m) => m.subject === `உங்கள் 'Us' இணைப்புக்கான ஆர்டர் பெறப்பட்டது: ஆர்டர் ${orderNumber}`,
    );
    expect(mail.text).toMatch(/^வணக்கம் Test,\n\n/);
    expect(mail.text).toContain(
      `${orderNumber} என்ற உங்கள் ஆர்டருக்கு நன்றி: Tan Mei Ling அவர்களுக்காக, அவர்களின் நெட்வொர்க்கிலிருந்து எங்களிடம் மாறும் அவர்களின் சொந்த எண்ணான ${formatSgMobile(msisdn)} கொண்ட ஒரு 'Us' இணைப்பை`,
    );
    expect(mail.text).toContain('பின்னர், அவர்களின் கைபேசியில் நிறுவுவதற்கான eSIM ஐ உங்களுக்கு மின்னஞ்சலில் அனுப்புவோம்.');
    expect(mail.text).toContain(`உங்கள் ஆர்டரைப் பார்க்கவும்: http://localhost:3000/manage/orders/${orderId}`);
    expect(mail.html).toContain('<html lang="ta-SG">');
  });
});
