import { describe, expect, it } from 'vitest';
import { formatBillMonth } from './billing.ts';
import { chooseLocale, LOCALE_TAGS, LOCALES, localeOf, preferredLocale } from './locales.ts';
import { formatSgDateTime, formatSgDay } from './sg-date.ts';

describe('the language a customer is spoken to in', () => {
  it('is read from the tags browsers send, and nothing for a language we do not speak', () => {
    expect(['en-GB', 'zh-CN', 'zh-Hant-TW', 'ZH_sg', 'ms', 'ta-IN', 'id', 'fr'].map(localeOf)).toEqual([
      'en',
      'zh',
      'zh',
      'zh',
      'ms',
      'ta',
      undefined,
      undefined,
    ]);
  });

  it("follows Accept-Language's weights, skipping languages refused or not ours", () => {
    expect(preferredLocale('fr-FR,fr;q=0.9,ta;q=0.8,en;q=0.7')).toBe('ta');
    expect(preferredLocale('en;q=0.5, zh-CN;q=0.9')).toBe('zh');
    expect(preferredLocale('ms;q=0, en;q=0.1')).toBe('en');
    expect(preferredLocale(['id-ID', 'ms-MY', 'en-US'])).toBe('ms');
    expect(preferredLocale('de, ja')).toBeUndefined();
    expect(preferredLocale('')).toBeUndefined();
    expect(preferredLocale(undefined)).toBeUndefined();
  });

  it("is the customer's choice, else the browser's, else the configured default, else English", () => {
    expect(chooseLocale({ chosen: 'ta', accepted: 'zh', configured: 'ms' })).toBe('ta');
    expect(chooseLocale({ chosen: null, accepted: 'zh-CN,en', configured: 'ms' })).toBe('zh');
    expect(chooseLocale({ chosen: 'xx', accepted: 'ja', configured: 'ms' })).toBe('ms');
    expect(chooseLocale({ accepted: 'ja', configured: 'klingon' })).toBe('en');
  });

  it('formats days and money in each language as Singapore writes them', () => {
    const at = new Date('2026-12-01T04:05:00Z');
    const day = (tag: string) =>
      new Intl.DateTimeFormat(tag, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Asia/Singapore',
      }).format(at);
    // Every tag is one this runtime's Intl has data for, not a fallback to another language.
    expect(Intl.DateTimeFormat.supportedLocalesOf(LOCALES.map((l) => LOCALE_TAGS[l]))).toHaveLength(4);
    expect(day(LOCALE_TAGS.en)).toBe('Tue, 1 Dec 2026');
    expect(day(LOCALE_TAGS.zh)).toContain('2026年12月1日');
    expect(day(LOCALE_TAGS.ms)).toContain('Dis');
    expect(day(LOCALE_TAGS.ta)).toContain('டிச');
    for (const l of LOCALES)
      expect(
        new Intl.NumberFormat(LOCALE_TAGS[l], { style: 'currency', currency: 'SGD' }).format(1234.5),
      ).toMatch(/^\$\s?1,234\.50$/);
  });
});

describe('the house styles of days and moments, in each language', () => {
  const at = new Date('2026-11-25T08:51:00Z');

  it('keep English as it was, and write the others as each language writes them', () => {
    expect(formatSgDateTime(at)).toBe('25 November 2026, 4:51 pm (Singapore time)');
    expect(formatSgDateTime(at, 'zh')).toBe('2026年11月25日 下午4:51（新加坡时间）');
    expect(formatSgDateTime(at, 'ms')).toBe('25 November 2026, 4:51 PTG (waktu Singapura)');
    expect(formatSgDateTime(at, 'ta')).toContain('25 நவம்பர், 2026');
    expect(formatSgDay('2026-12-01', 'day', 'ms')).toBe('1 Disember 2026');
    expect(formatBillMonth('2026-10', 'zh')).toBe('2026年10月');
    expect(formatBillMonth('2026-10')).toBe('October 2026');
  });
});
