import {
  formatMoney,
  formatSgDateTime,
  formatSgDay,
  formatSgMobile,
  normalizeSgMobile,
} from '@selfcare/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { type Face, PdfText, STANDARD_FONTS } from './pdf-text.ts';

/** One charge or credit on the bill; credits are negative. */
export interface BillPdfItem {
  description: string;
  amountCents: number;
}

/** Everything the monthly bill shows, already worked out: the renderer only lays it out. */
export interface BillDocument {
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

export interface RenderBillPdfOptions {
  /** Content streams are compressed unless this is false (tests read the text back). */
  compress?: boolean;
}

type Pdf = PDFKit.PDFDocument;

const MARGIN = 50;
/** The bottom margin holds the footer, so flowing content stops above it. */
const FOOTER_SPACE = 64;
const AMOUNT_WIDTH = 90;
const QR_SIZE = 104;
const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';
const PANEL = '#f3f4f6';
const REGULAR: Face = 'regular';
const BOLD: Face = 'bold';

const HOW_TO_PAY =
  'Pay in the portal (Bills) by card or PayNow. PayNow takes up to 2 working days; payments made on or ' +
  'after the 23rd will not be applied before the automated card deduction on the 25th.';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A QR's expiry may be a day or a moment; either reads in Singapore terms. */
function validUntil(value: string): string {
  if (DAY.test(value)) return formatSgDay(value);
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : formatSgDateTime(at);
}

/** The number as the customer writes it, '9123 4567', even when stored with the country code. */
function mobile(msisdn: string): string {
  return formatSgMobile(normalizeSgMobile(msisdn) ?? msisdn);
}

const sum = (items: BillPdfItem[]) => items.reduce((total, item) => total + item.amountCents, 0);

function hairline(pdf: Pdf, from: number, to: number, y: number, color = RULE, thickness = 0.75): void {
  pdf.moveTo(from, y).lineTo(to, y).lineWidth(thickness).strokeColor(color).stroke();
}

interface TextStyle {
  font?: Face;
  size?: number;
  color?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
}

/**
 * Lays the bill out top to bottom. Every block measures itself and asks for room first, so a page
 * break never splits a row or lets text run into the footer; pdfkit's own flowing is never relied on.
 */
class BillLayout {
  y = MARGIN;
  /** The section being drawn, so a page break can repeat its title. */
  private current: string | null = null;
  readonly left = MARGIN;
  readonly right: number;
  readonly width: number;

  constructor(
    readonly pdf: Pdf,
    readonly bill: BillDocument,
    /** Names, addresses and charges may be in any script: the fonts are chosen run by run. */
    readonly pdfText: PdfText = new PdfText(pdf),
  ) {
    this.right = pdf.page.width - MARGIN;
    this.width = this.right - this.left;
  }

  /** Height of the text in the style, wrapped to the width. */
  measure(value: string, { font = REGULAR, size = 10, width = this.width }: TextStyle): number {
    return this.pdfText.measure(value, { face: font, size, width });
  }

  /** Draws the text with its top at (x, y) and returns its height. */
  text(value: string, x: number, y: number, style: TextStyle): number {
    const { font = REGULAR, size = 10, color = INK, width = this.right - x, align = 'left' } = style;
    this.pdf.fillColor(color);
    return this.pdfText.draw(value, x, y, { face: font, size, width, align });
  }

  rule(y: number, color = RULE, thickness = 0.75): void {
    hairline(this.pdf, this.left, this.right, y, color, thickness);
  }

  /** Starts a new page when the next `height` points would not fit above the footer. */
  room(height: number): void {
    const bottom = this.pdf.page.height - this.pdf.page.margins.bottom;
    if (this.y + height <= bottom) return;
    this.pdf.addPage();
    const label = `${this.bill.operator.name} · Tax Invoice ${this.bill.billNumber} (continued)`;
    this.text(label, this.left, MARGIN, { size: 8, color: MUTED });
    this.rule(MARGIN + 14);
    this.y = MARGIN + 26;
    if (this.current) this.heading(`${this.current} (continued)`);
  }

  private heading(title: string): void {
    this.y += this.text(title, this.left, this.y, { font: BOLD, size: 11.5 }) + 2;
    this.rule(this.y, INK, 1);
  }

  /** Description left, amount right; long descriptions wrap and the row grows with them. */
  row(description: string, amountCents: number, style: TextStyle = {}): void {
    const descriptionWidth = this.width - AMOUNT_WIDTH - 12;
    const height = Math.max(this.measure(description, { ...style, width: descriptionWidth }), 12) + 9;
    this.room(height);
    this.text(description, this.left, this.y + 5, { ...style, width: descriptionWidth });
    const amount: TextStyle = { ...style, width: AMOUNT_WIDTH, align: 'right' };
    this.text(formatMoney(amountCents), this.right - AMOUNT_WIDTH, this.y + 5, amount);
    this.y += height;
    this.rule(this.y);
  }

  /** A titled table of items with its subtotal; the title stays with the first row. */
  section(title: string, items: BillPdfItem[]): void {
    this.room(18 + 21 * Math.min(items.length + 1, 2));
    this.heading(title);
    this.current = title;
    if (items.length === 0) this.row('No charges this period', 0, { color: MUTED });
    for (const item of items) this.row(item.description, item.amountCents);
    this.row('Subtotal', sum(items), { font: BOLD });
    this.current = null;
    this.y += 18;
  }
}

function header(layout: BillLayout, bill: BillDocument): void {
  const { left, right } = layout;
  const { operator } = bill;
  const leftWidth = 260;
  let y = MARGIN;
  y += layout.text(operator.name, left, y, { font: BOLD, size: 20, width: leftWidth }) + 4;
  // A tax invoice names the supplier's GST registration number: a company's is its UEN.
  const details = [
    `UEN and GST Reg. No. ${operator.uen}`,
    operator.address,
    operator.supportEmail,
    operator.supportPhone,
  ];
  for (const detail of details) {
    y += layout.text(detail, left, y, { size: 9, color: MUTED, width: leftWidth }) + 1;
  }

  const boxWidth = 230;
  const x = right - boxWidth;
  let ry = MARGIN;
  ry += layout.text('Tax Invoice', x, ry, { font: BOLD, size: 18, width: boxWidth, align: 'right' }) + 6;
  const facts: Array<[string, string]> = [
    ['Bill number', bill.billNumber],
    ['Issued', formatSgDay(bill.issuedOn)],
    ...(bill.revision ? ([['Revised', formatSgDay(bill.revision.on)]] as Array<[string, string]>) : []),
    ['Due', formatSgDay(bill.dueOn)],
    // Written as the bills page writes it: a dash between two days reads as a minus beside amounts.
    ['Period', `${formatSgDay(bill.periodStart)} to ${formatSgDay(bill.periodEnd)}`],
  ];
  // The labels are short; the period, its months written in full, takes the rest of a line.
  const labelWidth = 60;
  for (const [label, value] of facts) {
    layout.text(label, x, ry, { size: 9, color: MUTED, width: labelWidth });
    ry +=
      layout.text(value, x + labelWidth, ry, { size: 9, width: boxWidth - labelWidth, align: 'right' }) + 3;
  }
  layout.y = Math.max(y, ry) + 14;
  layout.rule(layout.y);
  layout.y += 16;
}

/** The customer on the left; beside it what is owed, as a sum the customer can check. */
function customerAndSummary(layout: BillLayout, bill: BillDocument): void {
  const { left, right } = layout;
  const { customer } = bill;
  const top = layout.y;
  const customerWidth = 230;
  let y = top;
  y += layout.text('BILL TO', left, y, { font: BOLD, size: 8, color: MUTED, width: customerWidth }) + 3;
  y += layout.text(customer.name, left, y, { font: BOLD, size: 11, width: customerWidth }) + 2;
  const details = [`Account ${customer.accountNumber}`, customer.email, customer.address ?? ''];
  for (const detail of details.filter(Boolean)) {
    y += layout.text(detail, left, y, { size: 9.5, width: customerWidth }) + 1;
  }

  const boxWidth = 250;
  const x = right - boxWidth;
  const pad = 10;
  const inner = boxWidth - 2 * pad;
  // Room for '$12,345.67', so 'Total due by 30 September 2026' stays on one line beside it.
  const amountWidth = 60;
  // Read top to bottom it is a sum: previous balance, less the payments, plus this month's charges.
  const rows: Array<[string, number, TextStyle]> = [
    ['Previous balance', bill.previousBalanceCents, { size: 9.5 }],
    ['Payments received', -bill.paymentsCents, { size: 9.5 }],
    ["This month's charges", bill.totalCents, { size: 9.5 }],
  ];
  const boxHeight = pad * 2 + rows.length * 16 + 10 + 16;
  layout.pdf.roundedRect(x, top - 4, boxWidth, boxHeight, 4).fill(PANEL);
  let by = top - 4 + pad;
  for (const [label, cents, style] of rows) {
    layout.text(label, x + pad, by, { ...style, width: inner - amountWidth });
    layout.text(formatMoney(cents), x + pad, by, { ...style, width: inner, align: 'right' });
    by += 16;
  }
  by += 3;
  hairline(layout.pdf, x + pad, x + boxWidth - pad, by, '#d1d5db');
  by += 7;
  const total: TextStyle = { font: BOLD, size: 11 };
  layout.text(`Total due by ${formatSgDay(bill.dueOn)}`, x + pad, by, {
    ...total,
    width: inner - amountWidth,
  });
  layout.text(formatMoney(bill.totalDueCents), x + pad, by, { ...total, width: inner, align: 'right' });

  layout.y = Math.max(y, top - 4 + boxHeight) + 24;
}

function totals(layout: BillLayout, bill: BillDocument): void {
  layout.room(48);
  layout.rule(layout.y, INK, 1.25);
  layout.y += 8;
  const style: TextStyle = { font: BOLD, size: 13 };
  layout.text('Total (GST included)', layout.left, layout.y, { ...style, width: 300 });
  layout.text(formatMoney(bill.totalCents), layout.left, layout.y, { ...style, align: 'right' });
  layout.y += 20;
  const gst = `Includes GST at ${bill.gstPercent}%: ${formatMoney(bill.gstCents)}`;
  layout.y += layout.text(gst, layout.left, layout.y, { size: 9, color: MUTED, align: 'right' }) + 4;
  if (bill.revision)
    layout.y +=
      layout.text(revisionNote(bill), layout.left, layout.y, { size: 9, color: MUTED, align: 'right' }) + 4;
  layout.y += 12;
}

function howToPay(layout: BillLayout, bill: BillDocument, qr: Buffer | null): void {
  const bodyHeight = layout.measure(HOW_TO_PAY, { size: 9.5 });
  layout.room(20 + bodyHeight);
  layout.y += layout.text('How to pay', layout.left, layout.y, { font: BOLD, size: 11.5 }) + 4;
  layout.y += layout.text(HOW_TO_PAY, layout.left, layout.y, { size: 9.5 }) + 14;
  if (!bill.payNow || !qr) return;

  const { payNow } = bill;
  layout.room(QR_SIZE);
  const top = layout.y;
  layout.pdf.image(qr, layout.left, top, { width: QR_SIZE, height: QR_SIZE });
  const x = layout.left + QR_SIZE + 18;
  let y = top + 8;
  y += layout.text('Pay by PayNow', x, y, { font: BOLD, size: 11 }) + 5;
  y += layout.text(`PayNow to UEN ${payNow.uen}`, x, y, { size: 10 }) + 3;
  y += layout.text(`Reference ${payNow.reference}`, x, y, { font: BOLD, size: 10 }) + 1;
  const note = 'Enter this reference in your banking app so that we can match your payment.';
  y += layout.text(note, x, y, { size: 8.5, color: MUTED }) + 4;
  y += layout.text(`Amount ${formatMoney(bill.totalCents)}`, x, y, { size: 10 }) + 3;
  y += layout.text(`QR valid until ${validUntil(payNow.expiresOn)}`, x, y, { size: 9, color: MUTED });
  layout.y = Math.max(top + QR_SIZE, y) + 12;
}

/**
 * Page numbers go on last, once the page count is known; the footer sits in the bottom margin, where
 * text may go since it is drawn a line at a time, never flowed by pdfkit onto a page of its own.
 */
function footers(pdf: Pdf, pdfText: PdfText, bill: BillDocument): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    const { width, height } = pdf.page;
    const y = height - FOOTER_SPACE + 26;
    hairline(pdf, MARGIN, width - MARGIN, y - 8);
    pdf.fillColor(MUTED);
    const label = `${bill.operator.name} · Tax Invoice ${bill.billNumber}`;
    pdfText.draw(label, MARGIN, y, {
      face: REGULAR,
      size: 8,
      width: width - 2 * MARGIN - 100,
      oneLine: true,
    });
    const page = `Page ${i - start + 1} of ${count}`;
    pdfText.draw(page, width - MARGIN - 90, y, { face: REGULAR, size: 8, width: 90, align: 'right' });
  }
}

/**
 * The monthly bill as an A4 PDF tax invoice. The document's dates come from the bill, not the clock,
 * so the same bill renders to the same bytes (a re-download matches what was emailed).
 */
export async function renderBillPdf(bill: BillDocument, options: RenderBillPdfOptions = {}): Promise<Buffer> {
  const qr = bill.payNow
    ? await QRCode.toBuffer(bill.payNow.qrPayload, { errorCorrectionLevel: 'M', margin: 1, width: 200 })
    : null;

  const issued = new Date(`${bill.issuedOn}T00:00:00+08:00`);
  const pdf: Pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER_SPACE },
    bufferPages: true,
    compress: options.compress ?? true,
    font: STANDARD_FONTS.regular,
    lang: 'en-SG',
    displayTitle: true,
    info: {
      Title: `Bill ${bill.billNumber}`,
      Author: bill.operator.name,
      Subject: `Tax invoice for ${formatSgDay(bill.periodStart)} – ${formatSgDay(bill.periodEnd)}`,
      ...(Number.isNaN(issued.getTime()) ? {} : { CreationDate: issued }),
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const layout = new BillLayout(pdf, bill);
  header(layout, bill);
  customerAndSummary(layout, bill);
  for (const line of bill.lines) {
    // A closed account's line has no number any more (ADR 0030): the bill names its plan alone.
    const number = line.msisdn ? ` ${mobile(line.msisdn)}` : '';
    layout.section(`Mobile${number} · ${line.planName}`, line.items);
  }
  if (bill.accountItems.length > 0) layout.section('Account charges', bill.accountItems);
  totals(layout, bill);
  howToPay(layout, bill, qr);
  footers(pdf, layout.pdfText, bill);
  pdf.end();
  return done;
}

/** What a revised bill says under its total: when, and what it was as issued. */
export const revisionNote = (bill: Pick<BillDocument, 'revision' | 'issuedOn' | 'totalCents'>): string =>
  bill.revision
    ? `Revised on ${formatSgDay(bill.revision.on)}: ${formatMoney(bill.revision.issuedTotalCents - bill.totalCents)} waived. Total as issued on ${formatSgDay(bill.issuedOn)}: ${formatMoney(bill.revision.issuedTotalCents)}.`
    : '';
