import { formatMoney, formatSgMobile, LOCALE_TAGS, normalizeSgMobile } from '@selfcare/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import {
  type BillDocument,
  type BillPdfItem,
  day,
  footerLabel,
  revisionNote,
  say,
  validUntil,
} from './bill-pdf-words.ts';
import { type Face, PdfText, STANDARD_FONTS } from './pdf-text.ts';

export type { BillDocument, BillPdfItem } from './bill-pdf-words.ts';

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
    const label = say(this.bill, 'pdf.continued', { title: footerLabel(this.bill) });
    this.text(label, this.left, MARGIN, { size: 8, color: MUTED });
    this.rule(MARGIN + 14);
    this.y = MARGIN + 26;
    if (this.current) this.heading(say(this.bill, 'pdf.continued', { title: this.current }));
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
    if (items.length === 0) this.row(say(this.bill, 'pdf.noCharges'), 0, { color: MUTED });
    for (const item of items) this.row(item.description, item.amountCents);
    this.row(say(this.bill, 'pdf.subtotal'), sum(items), { font: BOLD });
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
    say(bill, 'pdf.uen', { uen: operator.uen }),
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
  ry +=
    layout.text(say(bill, 'pdf.taxInvoice'), x, ry, {
      font: BOLD,
      size: 18,
      width: boxWidth,
      align: 'right',
    }) + 6;
  const facts: Array<[string, string]> = [
    [say(bill, 'pdf.billNumber'), bill.billNumber],
    [say(bill, 'pdf.issued'), day(bill, bill.issuedOn)],
    ...(bill.revision
      ? ([[say(bill, 'pdf.revised'), day(bill, bill.revision.on)]] as Array<[string, string]>)
      : []),
    [say(bill, 'pdf.due'), day(bill, bill.dueOn)],
    // Written as the bills page writes it: a dash between two days reads as a minus beside amounts.
    [
      say(bill, 'pdf.period'),
      say(bill, 'pdf.periodDays', { from: day(bill, bill.periodStart), to: day(bill, bill.periodEnd) }),
    ],
  ];
  // The labels are short (and wrap where a language's are not); the period takes the rest of a line.
  const labelWidth = 60;
  for (const [label, value] of facts) {
    const labelHeight = layout.text(label, x, ry, { size: 9, color: MUTED, width: labelWidth });
    const valueStyle: TextStyle = { size: 9, width: boxWidth - labelWidth, align: 'right' };
    ry += Math.max(labelHeight, layout.text(value, x + labelWidth, ry, valueStyle)) + 3;
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
  y +=
    layout.text(say(bill, 'pdf.billTo'), left, y, {
      font: BOLD,
      size: 8,
      color: MUTED,
      width: customerWidth,
    }) + 3;
  y += layout.text(customer.name, left, y, { font: BOLD, size: 11, width: customerWidth }) + 2;
  const details = [
    say(bill, 'pdf.account', { number: customer.accountNumber }),
    customer.email,
    customer.address ?? '',
  ];
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
    [say(bill, 'pdf.previousBalance'), bill.previousBalanceCents, { size: 9.5 }],
    [say(bill, 'pdf.paymentsReceived'), -bill.paymentsCents, { size: 9.5 }],
    [say(bill, 'pdf.thisMonth'), bill.totalCents, { size: 9.5 }],
  ];
  const total: TextStyle = { font: BOLD, size: 11 };
  const totalLabel = say(bill, 'pdf.totalDueBy', { date: day(bill, bill.dueOn) });
  // A row is 16 points, or taller where a language's label wraps; the box grows with them.
  const labelWidth = inner - amountWidth;
  const heights = rows.map(([label, , style]) =>
    Math.max(16, layout.measure(label, { ...style, width: labelWidth }) + 5),
  );
  const totalHeight = Math.max(16, layout.measure(totalLabel, { ...total, width: labelWidth }));
  const boxHeight = pad * 2 + heights.reduce((a, b) => a + b, 0) + 10 + totalHeight;
  layout.pdf.roundedRect(x, top - 4, boxWidth, boxHeight, 4).fill(PANEL);
  let by = top - 4 + pad;
  rows.forEach(([label, cents, style], i) => {
    layout.text(label, x + pad, by, { ...style, width: labelWidth });
    layout.text(formatMoney(cents), x + pad, by, { ...style, width: inner, align: 'right' });
    by += heights[i] ?? 16;
  });
  by += 3;
  hairline(layout.pdf, x + pad, x + boxWidth - pad, by, '#d1d5db');
  by += 7;
  layout.text(totalLabel, x + pad, by, { ...total, width: labelWidth });
  layout.text(formatMoney(bill.totalDueCents), x + pad, by, { ...total, width: inner, align: 'right' });

  layout.y = Math.max(y, top - 4 + boxHeight) + 24;
}

function totals(layout: BillLayout, bill: BillDocument): void {
  layout.room(48);
  layout.rule(layout.y, INK, 1.25);
  layout.y += 8;
  const style: TextStyle = { font: BOLD, size: 13 };
  layout.text(say(bill, 'pdf.total'), layout.left, layout.y, { ...style, width: 300 });
  layout.text(formatMoney(bill.totalCents), layout.left, layout.y, { ...style, align: 'right' });
  layout.y += 20;
  const gst = say(bill, 'pdf.gst', { percent: bill.gstPercent, amount: formatMoney(bill.gstCents) });
  layout.y += layout.text(gst, layout.left, layout.y, { size: 9, color: MUTED, align: 'right' }) + 4;
  if (bill.revision)
    layout.y +=
      layout.text(revisionNote(bill), layout.left, layout.y, { size: 9, color: MUTED, align: 'right' }) + 4;
  layout.y += 12;
}

function howToPay(layout: BillLayout, bill: BillDocument, qr: Buffer | null): void {
  const howToPayText = say(bill, 'pdf.howToPayText');
  const bodyHeight = layout.measure(howToPayText, { size: 9.5 });
  layout.room(20 + bodyHeight);
  layout.y += layout.text(say(bill, 'pdf.howToPay'), layout.left, layout.y, { font: BOLD, size: 11.5 }) + 4;
  layout.y += layout.text(howToPayText, layout.left, layout.y, { size: 9.5 }) + 14;
  if (!bill.payNow || !qr) return;

  const { payNow } = bill;
  layout.room(QR_SIZE);
  const top = layout.y;
  layout.pdf.image(qr, layout.left, top, { width: QR_SIZE, height: QR_SIZE });
  const x = layout.left + QR_SIZE + 18;
  let y = top + 8;
  y += layout.text(say(bill, 'pdf.payByPayNow'), x, y, { font: BOLD, size: 11 }) + 5;
  y += layout.text(say(bill, 'pdf.payNowTo', { uen: payNow.uen }), x, y, { size: 10 }) + 3;
  y +=
    layout.text(say(bill, 'pdf.reference', { reference: payNow.reference }), x, y, { font: BOLD, size: 10 }) +
    1;
  y += layout.text(say(bill, 'pdf.referenceNote'), x, y, { size: 8.5, color: MUTED }) + 4;
  y += layout.text(say(bill, 'pdf.amount', { amount: formatMoney(bill.totalCents) }), x, y, { size: 10 }) + 3;
  const until = validUntil(bill, payNow.expiresOn);
  y += layout.text(say(bill, 'pdf.validUntil', { until }), x, y, { size: 9, color: MUTED });
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
    pdfText.draw(footerLabel(bill), MARGIN, y, {
      face: REGULAR,
      size: 8,
      width: width - 2 * MARGIN - 100,
      oneLine: true,
    });
    const page = say(bill, 'pdf.page', { page: i - start + 1, count });
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
    lang: LOCALE_TAGS[bill.locale],
    displayTitle: true,
    info: {
      Title: say(bill, 'pdf.title', { billNumber: bill.billNumber }),
      Author: bill.operator.name,
      Subject: say(bill, 'pdf.subject', { from: day(bill, bill.periodStart), to: day(bill, bill.periodEnd) }),
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
    const title = line.msisdn
      ? say(bill, 'pdf.mobile', { number: mobile(line.msisdn), plan: line.planName })
      : say(bill, 'pdf.mobileNoNumber', { plan: line.planName });
    layout.section(title, line.items);
  }
  if (bill.accountItems.length > 0) layout.section(say(bill, 'pdf.accountCharges'), bill.accountItems);
  totals(layout, bill);
  howToPay(layout, bill, qr);
  footers(pdf, layout.pdfText, bill);
  pdf.end();
  return done;
}
