import { formatSgDateTime, formatSgDay, type Locale } from '@selfcare/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import {
  body,
  createTestApp,
  linkToken,
  otpFrom,
  registration,
  signedInCustomer,
  TEST_PASSWORD,
  type TestApp,
  uniqueCustomer,
  waitForMessage,
} from '../../test/harness.ts';
import { queueNotices } from './account-notices.ts';

/**
 * What auth sends is written in the language the customer chose (ADR 0055): the login code by SMS
 * and by email, the email-change and password emails, the failed sign-in warnings, the notice of a
 * registration with a taken number, and the security alerts every module queues through
 * `queueNotices`, email and SMS alike. A customer who chose nothing reads today's English.
 */
let t: TestApp;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** A customer with a line's number and an email address, who chose `language` on the portal. */
async function choosing(language: Locale): Promise<Customer> {
  const c = await signedInCustomer(t, { status: 2, activated: true });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/auth/language',
    headers: c.headers,
    payload: { language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

const smsTo = (c: { phoneNumber: string }, match: (text: string) => boolean) =>
  waitForMessage(`+65${c.phoneNumber}`, (m) => m.channel === 'sms' && match(m.text));

/**
 * A security alert of `event` on the customer's line, queued as the lines module queues one: its
 * moment and its day (a termination's, 'YYYY-MM-DD') written in the account's language.
 */
async function alertOf(c: Customer, event: 'suspended' | 'termination', endsOn?: string) {
  const at = new Date('2026-11-25T08:51:00Z');
  await t.ctx.database.transaction((tx) =>
    queueNotices(tx, { queue: t.ctx.queue, brand: t.ctx.brand, defaultLocale: 'en' }, [
      {
        userId: c.id,
        key: `language-test:${c.id}:${event}`,
        notice: (locale) => ({
          template: 'security-alert',
          event,
          msisdn: c.phoneNumber,
          ...(endsOn ? { detail: formatSgDay(endsOn, 'day', locale) } : {}),
          at: formatSgDateTime(at, locale),
          link: 'https://selfcare.example.sg/dashboard',
        }),
      },
    ]),
  );
}

/** The locale the email jobs about `to` carried: what the worker rendered their templates in. */
async function emailLocales(to: string): Promise<(string | null)[]> {
  const { rows } = await t.ctx.database.pool.query<{ locale: string | null }>(
    `SELECT data->>'locale' AS locale FROM pgboss.job WHERE name = 'notification.send-email' AND data->>'to' = $1`,
    [to],
  );
  return rows.map((r) => r.locale);
}

/** 9123 4567, as messages write a number. */
const spaced = (n: string) => `${n.slice(0, 4)} ${n.slice(4)}`;

describe("auth's SMS and emails in the customer's language", () => {
  it('texts and emails a login code in Chinese to a customer who chose Chinese', async () => {
    const bySms = await choosing('zh');
    expect((await post('/auth/getOTPLogin', { phoneNumber: bySms.phoneNumber, method: 1 })).statusCode).toBe(
      200,
    );
    const sms = await smsTo(bySms, (text) => text.includes('登录验证码'));
    const code = otpFrom(sms.text);
    expect(sms.text).toBe(`${code} 是您的 Selfcare Mobile 登录验证码，5 分钟后失效。切勿与任何人分享。`);
    // The code works as the English one does.
    expect((await post('/auth/login', { phoneNumber: bySms.phoneNumber, otp: code })).statusCode).toBe(200);

    const byEmail = await choosing('zh');
    expect(
      (await post('/auth/getOTPLogin', { phoneNumber: byEmail.phoneNumber, method: 0 })).statusCode,
    ).toBe(200);
    const mail = await waitForMessage(byEmail.email, (m) => m.subject === '您的 Selfcare Mobile 登录验证码');
    expect(mail.text).toMatch(/^Test，您好：\n\n您的一次性登录验证码是 \d{6}。验证码 5 分钟后失效。/);
    expect(mail.text).toContain('需要帮助？');
    expect(mail.html).toContain('<html lang="zh-Hans-SG">');
    expect(mail.text).not.toContain('login code');
  });

  it('writes a security alert in Chinese, its email and its SMS, with the moment as Chinese writes it', async () => {
    const c = await choosing('zh');
    await alertOf(c, 'suspended');
    const number = spaced(c.phoneNumber);
    const mail = await waitForMessage(c.email, (m) => m.subject === `您的线路已暂停服务：${number}`);
    expect(mail.text).toContain(
      `您的线路 ${number} 已于2026年11月25日 下午4:51（新加坡时间）暂停服务：无法拨打或接听电话、收发短信或使用数据。`,
    );
    expect(mail.text).toContain('如果这是您本人的操作，您无需做任何事。');
    expect(mail.html).toContain('前往您的账户');
    const sms = await smsTo(c, (text) => text.includes('暂停服务'));
    expect(sms.text).toBe(
      `Selfcare Mobile：您的线路 ${number} 已于2026年11月25日 下午4:51（新加坡时间）暂停服务：无法拨打或接听电话、收发短信或使用数据。非本人操作？请立即致电 +65 6123 4567。`,
    );
    // The email job carries the language, as it does for every module's notice queued this way.
    expect(await emailLocales(c.email)).toEqual(['zh']);
  });

  it('writes the email change, both its emails, and the password reset in Malay', async () => {
    const c = await choosing('ms');
    const next = uniqueCustomer().email;
    const asked = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/email',
      headers: c.headers,
      payload: { email: next, confirmEmail: next, currentPassword: TEST_PASSWORD },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const link = await waitForMessage(
      next,
      (m) => m.subject === 'Sahkan alamat e-mel baharu anda untuk Selfcare Mobile',
    );
    expect(link.text).toContain('Hai Test,');
    expect(link.text).toContain('tamat tempoh dalam 24 jam');
    expect(link.text).toContain(`Sahkan e-mel baharu: `);
    expect(linkToken(link.text, '/confirmEmail')).toBeTruthy();
    const notice = await waitForMessage(
      c.email,
      (m) => m.subject === 'Pertukaran alamat e-mel Selfcare Mobile anda telah diminta',
    );
    expect(notice.text).toContain(`menukar alamat e-melnya kepada ${next}`);
    expect(notice.text).toContain('Tetapkan semula kata laluan anda: ');
    expect(notice.html).toContain('<html lang="ms-SG">');

    expect((await post('/auth/forgotPassword', { email: c.email })).statusCode).toBe(200);
    const reset = await waitForMessage(
      c.email,
      (m) => m.subject === 'Tetapkan semula kata laluan Selfcare Mobile anda',
    );
    expect(reset.text).toContain('Kami menerima permintaan untuk menetapkan semula kata laluan anda.');
    expect(reset.text).toContain('tamat tempoh dalam 30 minit');
  });

  it('warns of failed sign-ins in Tamil: by email, and by SMS to a login with no email address', async () => {
    const c = await choosing('ta');
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/auth/login', { email: c.email, password: `Wrong#Pass${i}` }, {}, '10.55.0.1'))
          .statusCode,
      ).toBe(401);
    const mail = await waitForMessage(
      c.email,
      (m) => m.subject === 'உங்கள் Selfcare Mobile கணக்கில் யாரோ உள்நுழைய முயன்றனர்',
    );
    expect(mail.text).toMatch(
      /கடந்த 15 நிமிடங்களில் 5 முறை தோல்வியடைந்தனர்; கடைசியாக .+ \(சிங்கப்பூர் நேரம்\) அன்று 10\.55\.0\.1 என்ற முகவரியிலிருந்து முயன்றனர்\./,
    );
    expect(mail.html).toContain('<html lang="ta-SG">');

    // An 'Us' line's login: a number, no email address, signing in by codes.
    const { phoneNumber } = uniqueCustomer();
    const now = new Date();
    await t.ctx.database.db.insert(users).values({
      phoneNumber,
      firstName: 'Test',
      lastName: 'Line',
      status: 2,
      activated: true,
      isMainLine: false,
      mainUserId: c.id,
      language: 'ta',
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/login', { phoneNumber, otp: '000000' }, {}, '10.55.0.2')).statusCode).toBe(
        401,
      );
    const sms = await smsTo({ phoneNumber }, (text) => text.includes('உள்நுழைய முயன்றனர்'));
    expect(sms.text).toMatch(
      /^உங்கள் Selfcare Mobile கணக்கில் யாரோ உள்நுழைய முயன்றனர்; கடைசியாக .+ \(சிங்கப்பூர் நேரம்\) அன்று, 10\.55\.0\.2 இலிருந்து\. நீங்கள் இல்லையா\? உள்நுழைவுக் குறியீட்டைப் பகிர வேண்டாம்; \+65 6123 4567 ஐ அழையுங்கள்\.$/,
    );
  });

  it("writes a new account's link in the language of the page it registered on, and keeps that language", async () => {
    const form = registration();
    expect((await post('/auth/register', form, { 'accept-language': 'zh-Hans-SG' })).statusCode).toBe(201);
    const link = await waitForMessage(form.email, (m) => m.subject === '请确认您的 Selfcare Mobile 电邮地址');
    expect(link.html).toContain('<html lang="zh-Hans-SG">');
    const [row] = await t.ctx.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, form.email));
    expect(row?.language).toBe('zh');
  });

  it('tells the holder of a number someone registered with, in Malay', async () => {
    const c = await choosing('ms');
    const form = registration({ phoneNumber: c.phoneNumber });
    expect((await post('/auth/register', form)).statusCode).toBe(201);
    const sms = await smsTo(c, (text) => text.includes('mendaftar'));
    expect(sms.text).toBe(
      'Seseorang cuba mendaftar akaun Selfcare Mobile dengan nombor ini, yang sudah mempunyai akaun. Jika itu anda, log masuk dengan kod yang dihantar ke nombor ini. Jika nombor ini baharu bagi anda, hubungi kami di +65 6123 4567.',
    );
  });
});

describe('a customer who chose no language', () => {
  it('gets the login code, the security alert and a new account’s link in English, as before', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    expect(
      body<{ language: string | null }>(
        await t.app.inject({ method: 'GET', url: `/api/v1/users/${c.id}`, headers: c.headers }),
      ).data.language,
    ).toBeNull();
    expect((await post('/auth/getOTPLogin', { phoneNumber: c.phoneNumber, method: 1 })).statusCode).toBe(200);
    const code = await smsTo(c, (text) => text.includes('login code'));
    expect(code.text).toBe(
      `${otpFrom(code.text)} is your Selfcare Mobile login code. It expires in 5 minutes. Never share it with anyone.`,
    );

    await alertOf(c, 'termination', '2026-12-31');
    const number = spaced(c.phoneNumber);
    const mail = await waitForMessage(c.email, (m) => m.subject === `Your line is ending: ${number}`);
    expect(mail.text).toContain(
      `Hi Test,\n\nYour line ${number} was asked to end on 31 December 2026. This was asked on 25 November 2026, 4:51 pm (Singapore time).`,
    );
    expect(mail.html).toContain('<html lang="en-SG">');
    const sms = await smsTo(c, (text) => text.includes('asked to end'));
    expect(sms.text).toBe(
      `Selfcare Mobile: Your line ${number} was asked to end on 31 December 2026. This was asked on 25 November 2026, 4:51 pm (Singapore time). Not you? Call +65 6123 4567 now.`,
    );

    // A new account has no language yet: its link goes in the operator's (DEFAULT_LANGUAGE, English here).
    const form = registration();
    expect((await post('/auth/register', form)).statusCode).toBe(201);
    const link = await waitForMessage(
      form.email,
      (m) => m.subject === 'Confirm your email address for Selfcare Mobile',
    );
    expect(link.text).toContain('Thanks for registering. Please confirm your email address');
  });
});
