import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BILL_STATUS_LABELS, BillMessages } from './billing.ts';
import { LOCALES } from './locales.ts';
import { englishMessages } from './message-sources.ts';
import { type MessageCatalog, translateMessage } from './message-texts.ts';
import { Messages } from './messages.ts';

const ROOT = join(import.meta.dirname, '../../..');
const read = (file: string): MessageCatalog =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'locales', file), 'utf8'));
const slots = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

describe('translateMessage', () => {
  const zh: MessageCatalog = {
    'Bill payment success': '账单付款成功',
    '{field} is required': '请填写{field}',
    'First name': '名字',
    'Please wait {seconds} seconds before requesting a new code.': '请等待 {seconds} 秒后再索取新验证码。',
  };

  it('says a message the catalog holds in its language', () => {
    expect(translateMessage(zh, BillMessages.paid)).toBe('账单付款成功');
  });

  it("fills a template with the message's values, translating a value the catalog knows", () => {
    expect(translateMessage(zh, Messages.required('First name'))).toBe('请填写名字');
    expect(translateMessage(zh, Messages.required('Postal code'))).toBe('请填写Postal code');
    expect(translateMessage(zh, Messages.otpResendWait(30))).toBe('请等待 30 秒后再索取新验证码。');
  });

  it('leaves a text it does not know as it is: data, or a message already translated', () => {
    expect(translateMessage(zh, 'Plus 35')).toBe('Plus 35');
    expect(translateMessage(zh, '账单付款成功')).toBe('账单付款成功');
    expect(translateMessage(zh, 'constructor')).toBe('constructor');
    expect(translateMessage(zh, Messages.required('toString'))).toBe('请填写toString');
  });
});

describe("the domain's message catalogs", () => {
  const { core, rest } = englishMessages(ROOT);

  it('hold the messages the pages show', () => {
    expect([...core.keys()]).toEqual(expect.arrayContaining([Messages.required('{field}'), 'First name']));
    expect([...rest.keys()]).toEqual(
      expect.arrayContaining([
        BillMessages.paid,
        BILL_STATUS_LABELS.due,
        'Your order {orderNumber} was cancelled',
      ]),
    );
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    for (const [file, english] of [
      [`messages-core.${locale}.json`, core],
      [`messages.${locale}.json`, rest],
    ] as const) {
      it(`${file} translates every one of them, and nothing else, with the same values`, () => {
        const catalog = read(file);
        expect(Object.keys(catalog).sort()).toEqual([...english.keys()].sort());
        for (const [en, translated] of Object.entries(catalog)) {
          expect(translated.trim(), `${file}: ${en}`).not.toBe('');
          expect(slots(translated), `${file}: ${en}`).toEqual(slots(en));
        }
      });
    }
  }
});
