import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChargeMessages, describeCharge } from './charges.ts';
import { type MessageCatalog, translateMessage } from './message-texts.ts';
import { QuoteMessages } from './ordering/quote.ts';

const catalog = (locale: string): MessageCatalog =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `messages.${locale}.json`), 'utf8'));

describe('describeCharge', () => {
  const part = { kind: 'part', name: 'Lite 10', from: '2026-10-21', days: 11, monthDays: 31 } as const;
  const englishPart = ChargeMessages.partMonth('Lite 10', '21 October 2026', '11', '31');

  it('writes a plan for part of the month as the bill run wrote it, in English', () => {
    expect(englishPart).toBe('Lite 10 from 21 October 2026 (11 of 31 days)');
    expect(describeCharge({ description: englishPart, words: part }, 'en', undefined)).toBe(englishPart);
  });

  it("writes its day as the reader's language writes it, the plan's name as it is", () => {
    expect(describeCharge({ description: englishPart, words: part }, 'zh', catalog('zh'))).toBe(
      'Lite 10，自 2026年10月21日 起（31 天中的 11 天）',
    );
    expect(describeCharge({ description: englishPart, words: part }, 'ms', catalog('ms'))).toBe(
      'Lite 10 dari 21 Oktober 2026 (11 daripada 31 hari)',
    );
  });

  it('writes use recorded late with its month in the language, and what it was for translated', () => {
    const description = ChargeMessages.recordedLate(ChargeMessages.usage.roaming, 'October 2026');
    expect(description).toBe('Roaming (October 2026, recorded late)');
    const words = { kind: 'late', what: ChargeMessages.usage.roaming, month: '2026-10' } as const;
    expect(describeCharge({ description, words }, 'zh', catalog('zh'))).toBe('漫游（2026年10月，延迟记录）');
    expect(describeCharge({ description, words }, 'ta', catalog('ta'))).toMatch(/^ரோமிங் \(அக்டோபர் 2026, /);
  });

  it('translates a reason without words by its template, a charge it names included', () => {
    const zh = catalog('zh');
    expect(describeCharge({ description: ChargeMessages.overdueNotice('B2611-0001') }, 'zh', zh)).toBe(
      '逾期通知：账单 B2611-0001',
    );
    expect(describeCharge({ description: ChargeMessages.creditFor('Roaming') }, 'zh', zh)).toBe(
      '抵免额：漫游',
    );
    // A reason staff typed, or data, is shown as it is.
    expect(describeCharge({ description: 'Goodwill for the outage on 3 Nov' }, 'zh', zh)).toBe(
      'Goodwill for the outage on 3 Nov',
    );
  });

  it('writes a credit for a charge with words with them, its day in the language', () => {
    const part = { kind: 'part', name: 'Lite 10', from: '2026-10-21', days: 11, monthDays: 31 } as const;
    const charge = ChargeMessages.partMonth('Lite 10', '21 October 2026', '11', '31');
    const description = ChargeMessages.creditFor(charge);
    const credit = { kind: 'credit', of: part } as const;
    expect(describeCharge({ description, words: credit }, 'en', undefined)).toBe(description);
    expect(describeCharge({ description, words: credit }, 'zh', catalog('zh'))).toBe(
      '抵免额：Lite 10，自 2026年10月21日 起（31 天中的 11 天）',
    );
    // Without words the longer template would take the whole: 'Credit: Lite 10' as the plan's name.
    expect(describeCharge({ description }, 'zh', catalog('zh'))).not.toBe(
      '抵免额：Lite 10，自 2026年10月21日 起（31 天中的 11 天）',
    );
  });

  it("writes an added line's fees each in the language, as the order summary names them", () => {
    const words = { kind: 'items' as const, items: ['New number fee', 'Delivery'], orderNumber: 'SC1001' };
    const description = ChargeMessages.orderItems('New number fee, Delivery', 'SC1001');
    expect(describeCharge({ description, words }, 'en', undefined)).toBe(
      'New number fee, Delivery (order SC1001)',
    );
    expect(describeCharge({ description, words }, 'zh', catalog('zh'))).toBe(
      '新号码费、配送费（订单 SC1001）',
    );
    // The summary's own items, translated as templates where they name a line.
    expect(translateMessage(catalog('zh'), QuoteMessages.numberFee('Me'))).toBe('Me：新号码费');
    expect(translateMessage(catalog('ms'), QuoteMessages.promotion('WELCOME10'))).toBe('Promosi WELCOME10');
  });
});
