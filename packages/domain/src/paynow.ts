/**
 * The PayNow QR a bill carries (SGQR, on EMVCo's merchant-presented QR): every field is an id, a
 * two-digit length and the value. Dynamic (point of initiation 12) with the amount fixed and
 * not editable, so a banking app pays exactly the bill; the bill's reference travels in field 62 and
 * comes back with the bank's credit. Imported as `@selfcare/domain/paynow` by the server only.
 */
export interface PayNowQrInput {
  /** The operator's UEN, the PayNow proxy (type 2). */
  uen: string;
  amountCents: number;
  /** Up to 25 characters: what the bank's credit names, so the payment finds its bill. */
  reference: string;
  merchantName: string;
  merchantCity: string;
  /** Last day the QR may be paid, 'YYYY-MM-DD' (Singapore). */
  expiresOn: string;
}

const field = (id: string, value: string): string => {
  if (value.length > 99) throw new RangeError(`SGQR field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC-16/CCITT-FALSE (poly 0x1021, initial 0xFFFF), as EMVCo's field 63 asks: four uppercase hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Lengths count characters and the CRC bytes: only ASCII keeps the two the same. */
const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '');

/** Characters a banking app shows and keys as they are. */
const SAFE = /^[A-Za-z0-9 .\-/]+$/;

export function payNowQr(input: PayNowQrInput): string {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw new RangeError('a PayNow QR needs an amount above zero');
  if (!/^[0-9A-Z]{9,10}$/.test(input.uen)) throw new RangeError('not a UEN');
  if (!SAFE.test(input.reference) || input.reference.length > 25)
    throw new RangeError('a PayNow reference is at most 25 plain characters');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.expiresOn)) throw new RangeError('expiry is a YYYY-MM-DD date');
  const amount = `${Math.floor(input.amountCents / 100)}.${String(input.amountCents % 100).padStart(2, '0')}`;
  const merchant =
    field('00', 'SG.PAYNOW') +
    field('01', '2') +
    field('02', input.uen) +
    field('03', '0') +
    field('04', input.expiresOn.replaceAll('-', ''));
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', merchant) +
    field('52', '0000') +
    field('53', '702') +
    field('54', amount) +
    field('58', 'SG') +
    field('59', ascii(input.merchantName).slice(0, 25)) +
    field('60', ascii(input.merchantCity).slice(0, 15)) +
    field('62', field('01', input.reference)) +
    '6304';
  return body + crc16CcittFalse(body);
}

/** The fields of a payload by id (one level); a nested block is parsed again with this. */
export function readQrFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || i + 4 + length > payload.length)
      throw new RangeError(`malformed SGQR field at ${i}`);
    fields.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}
