/**
 * How an SMS is sent and what it costs: GSM 7-bit when every character is in the GSM 03.38 default
 * alphabet (3GPP TS 23.038 6.2.1, with its default extension table, 6.2.1.1), otherwise UCS-2. Four
 * languages (Chinese and Tamil are never GSM-7, and a single curly quote or '•' in English is enough
 * to leave it), so the portal states the encoding to the SMS gateway instead of letting it guess, and
 * its tests count each template's parts.
 */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets for GSM-7 (an extension character takes two), UTF-16 code units for UCS-2. */
  units: number;
  /** The messages the text is sent as: one, or the parts of a concatenated message. */
  segments: number;
}

/**
 * The basic set in code order, as the Unicode Consortium's GSM0338.TXT maps it: the character at index
 * n is septet n. 0x1B is the escape to the extension table, not a character of its own (the file's
 * NBSP for it is for decoding only). 0x09 is capital Ç, as the standard has it; lowercase ç, and the
 * Greek capitals that share a Latin letter's shape (Α, Β…), are not in the alphabet and need UCS-2.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const ESCAPE = '\u001b';
/**
 * The default extension table: each is sent as the escape and its code (0x0A form feed, 0x14 ^,
 * 0x28 {, 0x29 }, 0x2F \, 0x3C [, 0x3D ~, 0x3E ], 0x40 |, 0x65 €), two septets.
 */
const EXTENSION = '\f^{}\\[~]|€';

/**
 * What one message holds, and each part of a concatenated one: the part's user data header (6 octets
 * naming the message and the part) takes 7 septets, or 3 UCS-2 characters, of its 140 octets.
 */
const SIZES: Record<SmsEncoding, { single: number; part: number }> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

/** Septets a character takes in GSM-7, or null when it is not in the alphabet. */
function septets(char: string): number | null {
  if (char.length === 1 && char !== ESCAPE && BASIC.includes(char)) return 1;
  if (char.length === 1 && EXTENSION.includes(char)) return 2;
  return null;
}

/** GSM-7 when every character is in the GSM 03.38 alphabet (basic set or extension table), else UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (septets(char) === null) return 'UCS-2';
  return 'GSM-7';
}

/**
 * The text's encoding, its length in that encoding's units and the messages it is sent as. A part is
 * filled the way an encoder fills it: an extension character's escape and code, or a surrogate pair
 * (an emoji, any character outside the BMP), are never split across two parts, so a part may end a
 * unit short and a long text take one part more than its units divided by the part's size.
 *
 * `encoding` counts the text as sent in that encoding (a GSM-7 text may be sent as UCS-2); a text
 * that is not GSM-7 cannot be counted as GSM-7 and throws.
 */
export function smsSegments(text: string, encoding: SmsEncoding = smsEncoding(text)): SmsSegments {
  // Each character's units, in order: a code point is never split.
  const sizes: number[] = [];
  for (const char of text) {
    const size = encoding === 'GSM-7' ? septets(char) : char.length;
    if (size === null) throw new RangeError(`'${char}' is not in the GSM 03.38 alphabet`);
    sizes.push(size);
  }
  const units = sizes.reduce((sum, n) => sum + n, 0);
  const { single, part } = SIZES[encoding];
  // An empty text is still one message if it is sent.
  if (units <= single) return { encoding, units, segments: 1 };
  let segments = 1;
  let filled = 0;
  for (const size of sizes) {
    if (filled + size > part) {
      segments += 1;
      filled = 0;
    }
    filled += size;
  }
  return { encoding, units, segments };
}
