import { randomUUID } from 'node:crypto';
import { formatSg, formatSgDay, formatSgMobile, type Locale } from '@selfcare/domain';
import { planChangeDate, sgDate } from '@selfcare/domain/calendar';
import type { LineProduct } from '@selfcare/domain/contracts/products';
import { sgDayPlus } from '@selfcare/domain/products';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema.ts';
import { until } from '../../test/fulfilment.ts';
import { body, messagesFor, waitForMessage } from '../../test/harness.ts';
import { call, lineId, me, ownerId, t, useProductsFixture } from '../../test/products.ts';

/**
 * A customer who chose their language (ADR 0055) is written to in it about their products: a card
 * purchase's receipt in Chinese, the roaming cap's SMS and email in Malay, a plan change's notice in
 * Tamil; the days as each language writes them, the amounts as they are.
 */
useProductsFixture();

let email: string;
let msisdn: string;
const choose = async (language: Locale) => {
  const res = await call('PUT', '/auth/language', me, { language });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  // Roaming packs and boosters are for customers with the enable flag (spec §6).
  await t.ctx.database.db.update(users).set({ enable: true }).where(eq(users.id, ownerId));
  const [owner] = await t.ctx.database.db.select().from(users).where(eq(users.id, ownerId));
  email = owner?.email as string;
  const [line] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, lineId));
  msisdn = line?.msisdn as string;
});

describe("products' notices in the customer's language", () => {
  it("a roaming pack's receipt in Chinese, with the days it serves", async () => {
    await choose('zh');
    const startDate = sgDayPlus(sgDate(t.ctx.clock.now()), 5);
    const res = await call('POST', '/products', me, {
      code: 'RP-JP-7D',
      lineId,
      requestKey: randomUUID(),
      startDate,
      priceCents: 1800,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = body<LineProduct>(res).data.id;
    const receipt = await waitForMessage(
      email,
      (m) => m.subject?.includes('的收据') === true && m.text.includes(id.slice(0, 8).toUpperCase()),
    );
    expect(receipt.subject).toMatch(/^.+ 的收据：\$18\.00$/);
    expect(receipt.text).toContain(`感谢您的购买。收据编号 ${id.slice(0, 8).toUpperCase()}。`);
    expect(receipt.text).toContain(`（${formatSgMobile(msisdn)}）：$18.00（含 9% GST：$1.49），已于`);
    expect(receipt.text).toContain(
      `有效期：${formatSg(startDate, 'day', 'zh')}至${formatSg(sgDayPlus(startDate, 6), 'day', 'zh')}。`,
    );
    expect(receipt.html).toContain('<html lang="zh-Hans-SG">');
  });

  it("the roaming cap's warning and the cap reached, by SMS to the line and email to the holder, in Malay", async () => {
    await choose('ms');
    expect((await call('PUT', `/products/roaming/${lineId}`, me, { capCents: 1000 })).statusCode).toBe(200);
    const today = sgDate(t.ctx.clock.now());
    const roam = (cents: number) =>
      t.ctx.database.pool.query(
        `INSERT INTO usage_daily (line_id, day, kind, direction, scope, country, events, volume, out_of_bundle, charge_cents)
         VALUES ($1, $2, 'data', '', 'roaming', 'JP', 1, 1048576, 1048576, $3)
         ON CONFLICT ON CONSTRAINT usage_daily_pkey DO UPDATE SET charge_cents = usage_daily.charge_cents + EXCLUDED.charge_cents`,
        [lineId, today, cents],
      );
    const capTexts = async () =>
      (await messagesFor(`+65${msisdn}`)).filter((m) => /had bulanan/.test(m.text)).map((m) => m.text);
    await roam(850);
    expect(await t.ctx.lineRoaming.checkCaps()).toBeGreaterThanOrEqual(1);
    const warned = await until(capTexts, (m) => m.length === 1);
    expect(warned[0]).toBe(
      `Selfcare Mobile: perayauan anda pada ${msisdn} telah mencapai 80% daripada had bulanan $10.00. Pada had itu, data perayauan berhenti hingga 1 haribulan.`,
    );
    await roam(200);
    expect(await t.ctx.lineRoaming.checkCaps()).toBeGreaterThanOrEqual(1);
    const reached = await until(capTexts, (m) => m.length === 2);
    expect(
      reached.some((m) => m.includes('telah mencapai had bulanan $10.00. Data perayauan dihentikan')),
    ).toBe(true);
    const emails = await until(
      async () =>
        (await messagesFor(email)).filter((m) => /had perbelanjaan perayauan/i.test(m.subject ?? '')),
      (m) => m.length === 2,
    );
    expect(emails.map((m) => m.subject).sort()).toEqual(
      [
        `80% daripada had perbelanjaan perayauan anda telah digunakan pada ${msisdn}`,
        `Had perbelanjaan perayauan dicapai pada ${msisdn}`,
      ].sort(),
    );
    expect(emails.every((m) => m.text.includes('Lihat perayauan anda: '))).toBe(true);
  });

  it("a plan change's notice in Tamil: queued through the account's notices, which write it in the account's language", async () => {
    await choose('ta');
    const res = await call('POST', '/plan-changes', me, { lineId, planCode: 'PLUS-35', priceCents: 3500 });
    expect(res.statusCode, res.body).toBe(201);
    const day = formatSgDay(planChangeDate(t.ctx.clock.now()), 'day', 'ta');
    const notice = await waitForMessage(email, (m) => m.subject?.endsWith('இணைப்பில் ஒரு மாற்றம்') === true);
    expect(notice.subject).toBe(`உங்கள் ${formatSgMobile(msisdn)} இணைப்பில் ஒரு மாற்றம்`);
    expect(notice.text).toMatch(
      new RegExp(`உங்கள் ${formatSgMobile(msisdn)} இணைப்பின் திட்டம் ${day} அன்று .+ இலிருந்து .+ ஆக மாறுகிறது\\.`),
    );
    expect(notice.text).toContain('$35.00');
    expect(notice.text).toContain('இதைச் செய்தது நீங்கள் இல்லையென்றால்');
    expect(notice.html).toContain('<html lang="ta-SG">');
  });
});
