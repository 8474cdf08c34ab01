/**
 * Reading a PayNow QR as a Singapore banking app does: the SGQR payload (EMVCo merchant-presented
 * QR) is a run of fields, each a two-digit id, a two-digit length and the value; some values are
 * themselves such runs. The bank pays what the QR says, so every check a real app makes before
 * showing "Pay" is made here, and each refusal has its own code for the operator's tests to expect.
 */

/** Why a QR cannot be paid. */
export type QrRefusal =
  | 'qr_malformed'
  | 'qr_crc_mismatch'
  | 'qr_not_paynow'
  | 'qr_proxy_unsupported'
  | 'qr_currency_unsupported'
  | 'qr_amount_missing'
  | 'qr_amount_invalid'
  | 'qr_expired';

export class QrRefused extends Error {
  constructor(
    readonly code: QrRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** What the payer's app shows and pays: the amount is the QR's own, never edited by the payer. */
export interface PaynowQr {
  uen: string;
  /** The bill reference (field 62, sub-field 01); empty when the QR has none. */
  reference: string;
  amountCents: number;
  merchantName: string | null;
  /** 'YYYY-MM-DD', the last Singapore date the QR may be paid on; null when it does not expire. */
  expiry: string | null;
}

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR) over the UTF-8
 * bytes of `text`, as the 4 uppercase hex digits SGQR's field 63 carries.
 */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Splits a run of fields, in order; null when the text is not one (a length running past the end). */
function fields(text: string): [id: string, value: string][] | null {
  const out: [string, string][] = [];
  let at = 0;
  while (at < text.length) {
    const head = /^(\d{2})(\d{2})$/.exec(text.slice(at, at + 4));
    if (!head) return null;
    const length = Number(head[2]);
    if (at + 4 + length > text.length) return null;
    out.push([head[1] as string, text.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  return out;
}

const malformed = (what: string) =>
  new QrRefused('qr_malformed', `The QR code is not a valid SGQR: ${what}.`);

/** 'YYYYMMDD' to 'YYYY-MM-DD', or null when it is not a calendar date. */
function isoDate(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** '12.34' to 1234; null for anything a banking app would not show as an amount in dollars. */
function cents(value: string): number | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Reads a PayNow QR addressed to a UEN and checks it can be paid on `today` (the Singapore date,
 * 'YYYY-MM-DD'). Throws QrRefused with the first reason it cannot.
 */
export function readPaynowQr(payload: string, today: string): PaynowQr {
  const text = payload.trim();
  const top = fields(text);
  if (!top || top.length === 0) throw malformed('the fields do not add up');
  const last = top[top.length - 1];
  if (last?.[0] !== '63' || last[1].length !== 4) throw malformed('it does not end with a CRC (field 63)');
  const expected = crc16(text.slice(0, -4));
  if (last[1].toUpperCase() !== expected)
    throw new QrRefused('qr_crc_mismatch', 'The QR code is damaged: its checksum does not match.');
  const top0 = top[0];
  if (top0?.[0] !== '00' || top0[1] !== '01') throw malformed('it does not start with format indicator 01');
  const byId = new Map(top);

  // A merchant account template may sit in any of fields 26 to 51; PayNow's names itself in sub-field 00.
  let paynow: Map<string, string> | undefined;
  for (const [id, value] of top) {
    const n = Number(id);
    if (n < 26 || n > 51) continue;
    const sub = fields(value);
    if (!sub) throw malformed(`merchant account field ${id} is not a run of fields`);
    const account = new Map(sub);
    if (account.get('00')?.toUpperCase() === 'SG.PAYNOW') {
      paynow = account;
      break;
    }
  }
  if (!paynow) throw new QrRefused('qr_not_paynow', 'The QR code is not a PayNow QR.');
  if (paynow.get('01') !== '2')
    throw new QrRefused('qr_proxy_unsupported', 'The QR code does not pay a business by its UEN.');
  const uen = paynow.get('02')?.trim();
  if (!uen) throw malformed('the PayNow account has no UEN');
  if (byId.get('53') !== '702')
    throw new QrRefused('qr_currency_unsupported', 'The QR code does not ask for Singapore dollars.');

  const expiryField = paynow.get('04');
  const expiry = expiryField === undefined ? null : isoDate(expiryField);
  if (expiryField !== undefined && !expiry) throw malformed('the expiry date is not a date');
  if (expiry && expiry < today) throw new QrRefused('qr_expired', `The QR code expired on ${expiry}.`);

  const amountField = byId.get('54');
  if (amountField === undefined)
    throw new QrRefused('qr_amount_missing', 'The QR code does not say how much to pay.');
  const amountCents = cents(amountField);
  if (!amountCents) throw new QrRefused('qr_amount_invalid', `The amount "${amountField}" cannot be paid.`);

  const additional = byId.get('62');
  const extra = additional === undefined ? [] : fields(additional);
  if (!extra) throw malformed('the additional data (field 62) is not a run of fields');
  return {
    uen,
    reference: new Map(extra).get('01') ?? '',
    amountCents,
    merchantName: byId.get('59') ?? null,
    expiry,
  };
}
