import { describe, expect, it } from 'vitest';
import { smsEncoding, smsSegments } from './sms.ts';

/**
 * The GSM 03.38 default alphabet as code points, column 2 of the Unicode Consortium's GSM0338.TXT
 * (written apart from sms.ts's table, which lists the characters themselves, so that one checks the
 * other): septets 0x00–0x7F but 0x1B, the escape.
 */
const BASIC_CODE_POINTS = [
  0x40,
  0xa3,
  0x24,
  0xa5,
  0xe8,
  0xe9,
  0xf9,
  0xec,
  0xf2,
  0xc7,
  0x0a,
  0xd8,
  0xf8,
  0x0d,
  0xc5,
  0xe5,
  0x394,
  0x5f,
  0x3a6,
  0x393,
  0x39b,
  0x3a9,
  0x3a0,
  0x3a8,
  0x3a3,
  0x398,
  0x39e,
  0xc6,
  0xe6,
  0xdf,
  0xc9,
  0x20,
  0x21,
  0x22,
  0x23,
  0xa4,
  0x25,
  0x26,
  0x27,
  0x28,
  0x29,
  0x2a,
  0x2b,
  0x2c,
  0x2d,
  0x2e,
  0x2f,
  ...Array.from({ length: 10 }, (_, i) => 0x30 + i),
  0x3a,
  0x3b,
  0x3c,
  0x3d,
  0x3e,
  0x3f,
  0xa1,
  ...Array.from({ length: 26 }, (_, i) => 0x41 + i),
  0xc4,
  0xd6,
  0xd1,
  0xdc,
  0xa7,
  0xbf,
  ...Array.from({ length: 26 }, (_, i) => 0x61 + i),
  0xe4,
  0xf6,
  0xf1,
  0xfc,
  0xe0,
];
/** Its extension table (0x1B0A … 0x1B65): form feed, ^ { } \ [ ~ ] | €. */
const EXTENSION_CODE_POINTS = [0x0c, 0x5e, 0x7b, 0x7d, 0x5c, 0x5b, 0x7e, 0x5d, 0x7c, 0x20ac];

const gsm = (n: number) => 'a'.repeat(n);
/** 你 (U+4F60): one UTF-16 unit, never GSM-7. */
const chinese = (n: number) => '你'.repeat(n);

describe('smsEncoding: the GSM 03.38 alphabet, exactly', () => {
  it('takes every character of the basic set as one septet and of the extension table as two', () => {
    expect(BASIC_CODE_POINTS).toHaveLength(127);
    for (const cp of BASIC_CODE_POINTS)
      expect(smsSegments(String.fromCodePoint(cp)), cp.toString(16)).toEqual({
        encoding: 'GSM-7',
        units: 1,
        segments: 1,
      });
    for (const cp of EXTENSION_CODE_POINTS)
      expect(smsSegments(String.fromCodePoint(cp)), cp.toString(16)).toMatchObject({
        encoding: 'GSM-7',
        units: 2,
      });
  });

  it('sends anything else in the BMP as UCS-2: the escape itself, ç, Greek capitals that look Latin, ` and curly quotes', () => {
    const alphabet = new Set([...BASIC_CODE_POINTS, ...EXTENSION_CODE_POINTS]);
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if ((smsEncoding(String.fromCharCode(cp)) === 'GSM-7') !== alphabet.has(cp))
        wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
    for (const c of ['\u001b', 'ç', 'Α', '`', '’', '“', '•', '\u00a0', '\t'])
      expect(smsEncoding(`Hello ${c}`), c).toBe('UCS-2');
  });

  it('sends English as GSM-7, and Chinese, Tamil and an emoji in English as UCS-2', () => {
    expect(smsEncoding('123456 is your Selfcare Mobile login code. It expires in 5 minutes.')).toBe('GSM-7');
    expect(smsEncoding('Kod log masuk Selfcare Mobile anda ialah 123456.')).toBe('GSM-7');
    expect(smsEncoding('123456 是您的 Selfcare Mobile 登录验证码。')).toBe('UCS-2');
    expect(smsEncoding('123456 என்பது உங்கள் Selfcare Mobile உள்நுழைவு குறியீடு.')).toBe('UCS-2');
    expect(smsSegments('Thanks 👍')).toEqual({ encoding: 'UCS-2', units: 9, segments: 1 });
  });
});

describe('smsSegments: 160/153 septets in GSM-7, 70/67 units in UCS-2', () => {
  it('GSM-7: 160 characters are one message, 161 two, 306 two, 307 three', () => {
    expect(smsSegments(gsm(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(gsm(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments(gsm(306))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    expect(smsSegments(gsm(307))).toEqual({ encoding: 'GSM-7', units: 307, segments: 3 });
    expect(smsSegments(gsm(459)).segments).toBe(3);
    expect(smsSegments(gsm(460)).segments).toBe(4);
  });

  it('GSM-7: an extension character takes two septets, at the single message limit and at a part boundary', () => {
    expect(smsSegments(`${gsm(158)}€`)).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(`${gsm(159)}€`)).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments(`${gsm(151)}{${gsm(153)}`)).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    // Septets 153 and 154: the escape and its code stay together, so the first part ends at 152.
    expect(smsSegments(`${gsm(152)}[${gsm(152)}`)).toEqual({ encoding: 'GSM-7', units: 306, segments: 3 });
  });

  it('UCS-2: 70 Chinese characters are one message, 71 two, 134 two, 135 three', () => {
    expect(smsSegments(chinese(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(chinese(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSegments(chinese(134))).toEqual({ encoding: 'UCS-2', units: 134, segments: 2 });
    expect(smsSegments(chinese(135))).toEqual({ encoding: 'UCS-2', units: 135, segments: 3 });
  });

  it('UCS-2: a GSM character in a UCS-2 text counts one unit like any other', () => {
    expect(smsSegments(`${gsm(69)}你`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(`${gsm(70)}你`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
  });

  it('UCS-2: Tamil counts every code unit, its vowel signs and viramas too', () => {
    // நன்றி: ந ன ் ற ி, five units for what a reader sees as three letters.
    expect(smsSegments('நன்றி')).toEqual({ encoding: 'UCS-2', units: 5, segments: 1 });
    expect(smsSegments('நன்றி'.repeat(14))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(`${'நன்றி'.repeat(14)}!`).segments).toBe(2);
  });

  it('UCS-2: an emoji takes two units and is never split between parts', () => {
    expect(smsSegments(`${chinese(68)}😀`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(`${chinese(69)}😀`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSegments(`${chinese(65)}😀${chinese(67)}`)).toEqual({
      encoding: 'UCS-2',
      units: 134,
      segments: 2,
    });
    // Units 67 and 68: the surrogate pair stays together, so the first part ends at 66.
    expect(smsSegments(`${chinese(66)}😀${chinese(66)}`)).toEqual({
      encoding: 'UCS-2',
      units: 134,
      segments: 3,
    });
  });

  it('counts a GSM-7 text sent as UCS-2 in UCS-2, and refuses to count a UCS-2 text as GSM-7', () => {
    expect(smsSegments(gsm(71), 'UCS-2')).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSegments('a€', 'UCS-2')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
    expect(() => smsSegments('你好', 'GSM-7')).toThrow(RangeError);
  });

  it('counts an empty text as one message', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 1 });
  });
});
