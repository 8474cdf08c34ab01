import { billTotalDue, formatMoney, gstIncluded } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { type BillDocument, type BillPdfItem, renderBillPdf } from './bill-pdf.ts';

const sum = (items: BillPdfItem[]) => items.reduce((total, item) => total + item.amountCents, 0);

function bill(
  lines: BillDocument['lines'],
  payNow = true,
  previousBalanceCents = 4280,
  paymentsCents = 4280,
): BillDocument {
  const accountItems = [
    { description: 'Admin fee: SIM not activated within 14 days', amountCents: 1000 },
    { description: 'Goodwill credit', amountCents: -500 },
  ];
  const totalCents = lines.reduce((total, line) => total + sum(line.items), 0) + sum(accountItems);
  return {
    operator: {
      name: 'Selfcare Mobile Pte. Ltd.',
      uen: '201912345K',
      address: '1 Fusionopolis Way, #05-01, Singapore 138632',
      supportEmail: 'help@selfcare.sg',
      supportPhone: '+65 6123 4567',
    },
    customer: {
      name: 'Tan Mei Ling',
      email: 'meiling@example.sg',
      address: 'Blk 123 Ang Mo Kio Ave 3, #08-123, Singapore 560123',
      accountNumber: 'A000123',
    },
    billNumber: 'B202611-000123',
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    issuedOn: '2026-12-01',
    dueOn: '2026-12-15',
    lines,
    accountItems,
    previousBalanceCents,
    paymentsCents,
    totalCents,
    totalDueCents: billTotalDue({ previousBalanceCents, paymentsCents, totalCents }),
    gstPercent: 9,
    gstCents: gstIncluded(totalCents, 9),
    payNow: payNow
      ? {
          qrPayload: '00020101021226370009SG.PAYNOW010120210201912345K0301054031',
          uen: '201912345K',
          reference: 'B202611000123',
          expiresOn: '2026-12-15',
        }
      : null,
  };
}

const twoLines: BillDocument['lines'] = [
  {
    msisdn: '91234567',
    planName: 'SIM Only 50GB',
    items: [
      { description: 'SIM Only 50GB, 1 Nov – 30 Nov', amountCents: 1800 },
      { description: 'Roaming data: Malaysia 1GB pass', amountCents: 500 },
    ],
  },
  {
    msisdn: '6588887777',
    planName: 'SIM Only 100GB',
    items: [{ description: 'SIM Only 100GB, 1 Nov – 30 Nov', amountCents: 2500 }],
  },
];

const manyLines: BillDocument['lines'] = Array.from({ length: 9 }, (_, l) => ({
  msisdn: `9${String(1000000 + l).padStart(7, '0')}`,
  planName: 'SIM Only 50GB',
  items: Array.from({ length: 20 }, (_, i) => ({
    description: `Charge ${i + 1} of line ${l + 1}`,
    amountCents: 100 + i,
  })),
}));

interface Run {
  x: number;
  /** Baseline, in PDF units from the bottom of the page. */
  y: number;
  text: string;
}

/** WinAnsi's 0x80–0x9f; the rest is Latin-1 (Node's own windows-1252 decoder treats it all as Latin-1). */
const WIN_ANSI_80 = '€?‚ƒ„…†‡ˆ‰Š‹Œ?Ž??‘’“”•–—˜™š›œ?žŸ';
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b < 0xa0 ? WIN_ANSI_80[b - 0x80] : String.fromCharCode(b))).join('');

/**
 * The text runs of an uncompressed pdfkit file, one per content stream (page). pdfkit writes each
 * line as `1 0 0 1 x y Tm … [<hex> kern <hex>] TJ` in the standard fonts' WinAnsi encoding.
 */
function pagesOf(pdf: Buffer): Run[][] {
  const streams = pdf.toString('latin1').match(/stream\n[\s\S]*?\nendstream/g) ?? [];
  return streams
    .filter((stream) => stream.includes(' Tm'))
    .map((stream) =>
      [...stream.matchAll(/1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\n[^\n]*\n\[(.*?)\] TJ/g)].map(
        ([, x, y, parts]) => ({
          x: Number(x),
          y: Number(y),
          text: [...(parts ?? '').matchAll(/<([0-9a-f]*)>/g)]
            .map(([, hex]) => winAnsi(Buffer.from(hex ?? '', 'hex')))
            .join(''),
        }),
      ),
    );
}

const textOf = (pdf: Buffer) =>
  pagesOf(pdf)
    .flat()
    .map((run) => run.text)
    .join('\n');

describe('renderBillPdf', () => {
  it('shows what the customer needs to read and pay', async () => {
    const doc = bill(twoLines);
    const pdf = await renderBillPdf(doc, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = textOf(pdf);
    for (const expected of [
      'Tax Invoice',
      'B202611-000123',
      'UEN and GST Reg. No. 201912345K',
      '1 November 2026 to 30 November 2026',
      'Total due by 15 December 2026',
      'Mobile 9123 4567 · SIM Only 50GB',
      'Mobile 8888 7777 · SIM Only 100GB',
      'Roaming data: Malaysia 1GB pass',
      'Account charges',
      '-$5.00',
      'Total (GST included)',
      formatMoney(doc.totalCents),
      `Includes GST at 9%: ${formatMoney(doc.gstCents)}`,
      'PayNow to UEN 201912345K',
      'Reference B202611000123',
      `Amount ${formatMoney(doc.totalCents)}`,
      'QR valid until 15 December 2026',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/Subtype \/Image/);
    // The document info points at its strings: the title and author are objects of their own.
    const title = raw.match(/\/Title (\d+) 0 R/)?.[1];
    expect(raw).toContain(`\n${title} 0 obj\n(Bill B202611-000123)`);
    const author = raw.match(/\/Author (\d+) 0 R/)?.[1];
    expect(raw).toContain(`\n${author} 0 obj\n(Selfcare Mobile Pte. Ltd.)`);
  });

  it('sums its summary: previous balance − payments + charges = total due, an unpaid bill included', async () => {
    // December's bill while November's $55.47 is unpaid: $23.80 of charges make $79.27 due.
    const lines = [
      { msisdn: '91000005', planName: 'Lite', items: [{ description: 'Lite', amountCents: 1880 }] },
    ];
    const doc = bill(lines, true, 5547, 0);
    expect(doc.totalCents).toBe(2380);
    const runs = pagesOf(await renderBillPdf(doc, { compress: false }))[0] ?? [];
    const rowOf = (label: string) => {
      const at = runs.find((r) => r.text === label);
      return runs.filter((r) => r !== at && r.y === at?.y).map((r) => r.text);
    };
    expect(rowOf('Previous balance')).toEqual(['$55.47']);
    expect(rowOf('Payments received')).toEqual(['$0.00']);
    expect(rowOf("This month's charges")).toEqual(['$23.80']);
    expect(rowOf('Total due by 15 December 2026')).toEqual(['$79.27']);
    // Paid since: the payment is taken off what the last bill said was due.
    const paid = pagesOf(await renderBillPdf(bill(lines, true, 2306, 2306), { compress: false }))[0] ?? [];
    const paidRow = (label: string) => paid.filter((r) => r.y === paid.find((x) => x.text === label)?.y);
    expect(paidRow('Payments received').map((r) => r.text)).toEqual(['Payments received', '-$23.06']);
    expect(paidRow('Total due by 15 December 2026').map((r) => r.text)).toEqual([
      'Total due by 15 December 2026',
      '$23.80',
    ]);
  });

  it('says a bill lowered by a waiver after it was issued was revised, when, and what it was', async () => {
    const doc = { ...bill(twoLines), revision: { on: '2026-12-03', issuedTotalCents: 0 } };
    doc.revision.issuedTotalCents = doc.totalCents + 247;
    const runs = pagesOf(await renderBillPdf(doc, { compress: false }))[0] ?? [];
    const revised = runs.find((r) => r.text === 'Revised');
    expect(runs.filter((r) => r !== revised && r.y === revised?.y).map((r) => r.text)).toEqual([
      '3 December 2026',
    ]);
    expect(textOf(await renderBillPdf(doc, { compress: false }))).toContain(
      `Revised on 3 December 2026: $2.47 waived. Total as issued on 1 December 2026: ${formatMoney(doc.totalCents + 247)}.`,
    );
    // A bill never revised says nothing of it.
    expect(textOf(await renderBillPdf(bill(twoLines), { compress: false }))).not.toContain('Revised');
  });

  it('writes its days as the page and the email do, September in full, each on its line', async () => {
    const september: BillDocument = {
      ...bill(twoLines),
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
      issuedOn: '2026-10-01',
      dueOn: '2026-09-30',
    };
    const runs = pagesOf(await renderBillPdf(september, { compress: false }))[0] ?? [];
    const texts = runs.map((r) => r.text);
    expect(texts).toContain('1 September 2026 to 30 September 2026');
    expect(texts).toContain('1 October 2026');
    expect(texts.join('\n')).not.toMatch(/Sept\b/);
    const total = runs.find((r) => r.text === 'Total due by 30 September 2026');
    expect(runs.filter((r) => r.y === total?.y).map((r) => r.text)).toEqual([
      'Total due by 30 September 2026',
      formatMoney(september.totalDueCents),
    ]);
  });

  it('renders the same bill to the same bytes', async () => {
    const [first, second] = await Promise.all([renderBillPdf(bill(twoLines)), renderBillPdf(bill(twoLines))]);
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(first.equals(second)).toBe(true);
  });

  it('flows a long bill onto further pages, clear of the footer', async () => {
    const pdf = await renderBillPdf(bill(manyLines), { compress: false });
    const pageCount = pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
    expect(pageCount).toBeGreaterThan(1);
    const pages = pagesOf(pdf);
    expect(pages).toHaveLength(pageCount);
    const text = textOf(pdf);
    expect(text).toContain(`Page 1 of ${pageCount}`);
    expect(text).toContain(`Page ${pageCount} of ${pageCount}`);
    for (let l = 1; l <= 9; l++) expect(text).toContain(`Charge 20 of line ${l}`);
    expect(text).toMatch(/Mobile 9\d{3} \d{4} · SIM Only 50GB \(continued\)/);
    // The footer's own text sits in the bottom margin; nothing else may.
    for (const runs of pages) {
      const low = runs.filter((run) => run.y < 64).map((run) => run.text);
      expect(low).toHaveLength(2);
      expect(low.join(' ')).toMatch(/Page \d+ of \d+/);
      // A row is never split by a page break: each charge has its amount beside it.
      for (const charge of runs.filter((run) => run.text.startsWith('Charge '))) {
        expect(runs.some((run) => run.y === charge.y && run.text.startsWith('$'))).toBe(true);
      }
    }
  });

  it("names a closed account's line, whose number is erased, by its plan alone", async () => {
    const erased = twoLines.map((line) => ({ ...line, msisdn: '' }));
    const text = textOf(await renderBillPdf(bill(erased, false), { compress: false }));
    expect(text).toContain('Mobile · SIM Only 50GB');
    expect(text).not.toMatch(/Mobile \s+·/);
  });

  it('leaves the QR out when nothing is due', async () => {
    const pdf = await renderBillPdf(bill(twoLines, false), { compress: false });
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    const text = textOf(pdf);
    expect(text).toContain('How to pay');
    expect(text).not.toContain('PayNow to UEN');
  });
});
