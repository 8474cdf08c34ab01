/** Physical SIM cards: what staff load into stock and what a customer scans to activate. */

export const SIM_STATES = ['available', 'assigned', 'active', 'lost', 'retired'] as const;
export type SimState = (typeof SIM_STATES)[number];

/** Fewer available SIMs than this and the console warns that stock is low. */
export const LOW_STOCK_THRESHOLD = 50;
/** Rows one CSV upload may hold. */
export const SIM_IMPORT_MAX_ROWS = 5000;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * An ICCID (ITU-T E.118) as printed under a SIM's barcode: 89 (telecom), 19 or 20 digits in all, the
 * last a Luhn check digit. Spaces and dashes a scanner or a person adds are ignored.
 */
export function normalizeIccid(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^89\d{17,18}$/.test(digits)) return null;
  return luhnValid(digits) ? digits : null;
}

/** An IMSI of a Singapore network: 15 digits, mobile country code 525. */
export function normalizeImsi(value: string): string | null {
  const digits = value.replace(/\s/g, '');
  return /^525\d{12}$/.test(digits) ? digits : null;
}

/** The last four digits only, for screens and emails. */
export const maskIccid = (iccid: string) => `•••• ${iccid.slice(-4)}`;

/** Appends the Luhn check digit: test data and the demo stock are generated with it. */
export function withLuhnDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

export interface SimRow {
  iccid: string;
  imsi: string;
  pin: string;
  puk: string;
}

export interface SimImportReport {
  rows: SimRow[];
  errors: { line: number; message: string }[];
}

/**
 * Reads a stock file: a header naming iccid, imsi, pin and puk (any order, any case), then one SIM
 * per line. Each bad line is reported with its line number and why; good lines are kept. A line
 * repeating an ICCID or IMSI seen earlier in the file is bad.
 */
export function parseSimCsv(text: string): SimImportReport {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const missing = ['iccid', 'imsi', 'pin', 'puk'].filter((n) => col(n) < 0);
  if (missing.length > 0)
    return { rows: [], errors: [{ line: 1, message: `The header must name ${missing.join(', ')}` }] };
  const rows: SimRow[] = [];
  const errors: SimImportReport['errors'] = [];
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    if (!raw.trim()) continue;
    const line = i + 1;
    if (rows.length + errors.length >= SIM_IMPORT_MAX_ROWS) {
      errors.push({ line, message: `A file may hold at most ${SIM_IMPORT_MAX_ROWS} SIMs` });
      break;
    }
    const cells = raw.split(',').map((c) => c.trim());
    const cell = (name: string) => cells[col(name)] ?? '';
    const iccid = normalizeIccid(cell('iccid'));
    const imsi = normalizeImsi(cell('imsi'));
    const pin = cell('pin');
    const puk = cell('puk');
    const problem = !iccid
      ? 'ICCID is invalid'
      : !imsi
        ? 'IMSI is invalid'
        : !/^\d{4,8}$/.test(pin)
          ? 'PIN must be 4 to 8 digits'
          : !/^\d{8}$/.test(puk)
            ? 'PUK must be 8 digits'
            : seen.has(iccid) || seen.has(imsi)
              ? 'ICCID or IMSI repeats an earlier line'
              : null;
    if (problem || !iccid || !imsi) {
      errors.push({ line, message: problem ?? 'invalid' });
      continue;
    }
    seen.add(iccid);
    seen.add(imsi);
    rows.push({ iccid, imsi, pin, puk });
  }
  return { rows, errors };
}
