import { formatMoney, formatSgDateTime, formatSgDay, type Locale } from '@selfcare/domain';
import { texts } from './texts.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One charge or credit on the bill; credits are negative. */
export interface BillPdfItem {
  /** What it is, in the bill's language. */
  description: string;
  amountCents: number;
}

/** Everything the monthly bill shows, already worked out: the renderer only lays it out. */
export interface BillDocument {
  /** The language it is written in: the customer's (ADR 0055). */
  locale: Locale;
  operator: { name: string; uen: string; address: string; supportEmail: string; supportPhone: string };
  customer: { name: string; email: string; address: string | null; accountNumber: string };
  billNumber: string;
  /** Calendar days in Singapore, 'YYYY-MM-DD'. */
  periodStart: string;
  periodEnd: string;
  issuedOn: string;
  dueOn: string;
  /** One section per mobile line. */
  lines: Array<{ msisdn: string; planName: string; items: BillPdfItem[] }>;
  /** Charges not tied to a line: admin fee, overdue notice fee, credits. */
  accountItems: BillPdfItem[];
  /** What the previous bill said was due. */
  previousBalanceCents: number;
  /** Payments received since the previous bill. */
  paymentsCents: number;
  /** This bill's charges, GST included. */
  totalCents: number;
  /** Previous balance − payments + this month's charges (billTotalDue in the domain). */
  totalDueCents: number;
  gstPercent: number;
  /** The GST contained in totalCents. */
  gstCents: number;
  /** A waiver after the bill was issued: the day, and the total as issued (ADR 0039). */
  revision?: { on: string; issuedTotalCents: number } | null;
  /** Null when nothing is due. */
  payNow: { qrPayload: string; uen: string; reference: string; expiresOn: string } | null;
}

/** The invoice's words in its language (billing's catalog, `pdf.*`). */
export type PdfKey = Extract<Parameters<typeof texts.t>[1], `pdf.${string}`>;
export const say = (bill: BillDocument, key: PdfKey, values?: Record<string, string | number>) =>
  texts.t(bill.locale, key, values);

/** A day as the bill's language writes it ('25 November 2026', '2026年11月25日'). */
export const day = (bill: BillDocument, value: string) => formatSgDay(value, 'day', bill.locale);

/** A QR's expiry may be a day or a moment; either reads in Singapore terms. */
export function validUntil(bill: BillDocument, value: string): string {
  if (DAY.test(value)) return day(bill, value);
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : formatSgDateTime(at, bill.locale);
}

/** What a revised bill says under its total: when, and what it was as issued. */
export const revisionNote = (bill: BillDocument): string =>
  bill.revision
    ? say(bill, 'pdf.revisionNote', {
        on: day(bill, bill.revision.on),
        waived: formatMoney(bill.revision.issuedTotalCents - bill.totalCents),
        issuedOn: day(bill, bill.issuedOn),
        issuedTotal: formatMoney(bill.revision.issuedTotalCents),
      })
    : '';

/** The footer's and a continued page's line: the operator, the document and its number. */
export const footerLabel = (bill: BillDocument) =>
  say(bill, 'pdf.footer', { operator: bill.operator.name, billNumber: bill.billNumber });
