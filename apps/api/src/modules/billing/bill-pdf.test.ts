import { billTotalDue, formatMoney, gstIncluded } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { actualTexts, family, linesOf, pagesOf, read, textOf } from '../../test/pdf-reader.ts';
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
    locale: 'en',
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

/** The bill of the first test, for a customer whose name and address are in Chinese and Tamil. */
function inScripts(name = '王小明 Tan', address = 'கண்ணன் வீதி 5'): BillDocument {
  const doc = bill(twoLines);
  return { ...doc, customer: { ...doc.customer, name, address } };
}

describe('renderBillPdf', () => {
  it('shows what the customer needs to read and pay', async () => {
    const doc = bill(twoLines);
    const pdf = await renderBillPdf(doc, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await textOf(pdf);
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
    const runs = (await pagesOf(await renderBillPdf(doc, { compress: false })))[0] ?? [];
    const rowOf = (label: string) => {
      const at = runs.find((r) => r.text === label);
      return runs.filter((r) => r !== at && r.y === at?.y).map((r) => r.text);
    };
    expect(rowOf('Previous balance')).toEqual(['$55.47']);
    expect(rowOf('Payments received')).toEqual(['$0.00']);
    expect(rowOf("This month's charges")).toEqual(['$23.80']);
    expect(rowOf('Total due by 15 December 2026')).toEqual(['$79.27']);
    // Paid since: the payment is taken off what the last bill said was due.
    const paid =
      (await pagesOf(await renderBillPdf(bill(lines, true, 2306, 2306), { compress: false })))[0] ?? [];
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
    const runs = (await pagesOf(await renderBillPdf(doc, { compress: false })))[0] ?? [];
    const revised = runs.find((r) => r.text === 'Revised');
    expect(runs.filter((r) => r !== revised && r.y === revised?.y).map((r) => r.text)).toEqual([
      '3 December 2026',
    ]);
    expect(await textOf(await renderBillPdf(doc, { compress: false }))).toContain(
      `Revised on 3 December 2026: $2.47 waived. Total as issued on 1 December 2026: ${formatMoney(doc.totalCents + 247)}.`,
    );
    // A bill never revised says nothing of it.
    expect(await textOf(await renderBillPdf(bill(twoLines), { compress: false }))).not.toContain('Revised');
  });

  it('writes its days as the page and the email do, September in full, each on its line', async () => {
    const september: BillDocument = {
      ...bill(twoLines),
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
      issuedOn: '2026-10-01',
      dueOn: '2026-09-30',
    };
    const runs = (await pagesOf(await renderBillPdf(september, { compress: false })))[0] ?? [];
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
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(pageCount);
    const text = await textOf(pdf);
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
    const text = await textOf(await renderBillPdf(bill(erased, false), { compress: false }));
    expect(text).toContain('Mobile · SIM Only 50GB');
    expect(text).not.toMatch(/Mobile \s+·/);
  });

  it('leaves the QR out when nothing is due', async () => {
    const pdf = await renderBillPdf(bill(twoLines, false), { compress: false });
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    const text = await textOf(pdf);
    expect(text).toContain('How to pay');
    expect(text).not.toContain('PayNow to UEN');
  });

  it('prints a name in Chinese and an address in Tamil as text, in fonts embedded in the file', async () => {
    const pdf = await renderBillPdf(inScripts(), { compress: false });
    const { pages, fonts } = await read(pdf);
    const runs = pages[0] ?? [];
    const lines = linesOf(runs);
    expect(lines).toContain('王小明 Tan');
    expect(lines).toContain('கண்ணன் வீதி 5');
    // The name is two runs, each in a font that has its letters, on one baseline, the second where
    // the first ends.
    const name = runs.filter((run) => run.text === '王小明 ' || run.text === 'Tan');
    expect(name.map((run) => family(run.font))).toEqual(['NotoSansSC-Bold', 'Helvetica-Bold']);
    expect(name[1]?.y).toBe(name[0]?.y);
    expect(name[1]?.x).toBeCloseTo((name[0]?.x ?? 0) + (name[0]?.width ?? 0), 2);
    const address = runs.filter((run) => run.y === runs.find((r) => r.text.startsWith('கண்ணன்'))?.y);
    expect(address.map((run) => family(run.font))).toEqual(['NotoSansTamil-Regular', 'Helvetica']);

    expect(fonts.filter((font) => font.embedded).map((font) => family(font.name))).toEqual([
      'NotoSansSC-Bold',
      'NotoSansTamil-Regular',
    ]);
    // Each embedded font's descriptor points at its TrueType program, a stream in the file.
    const raw = pdf.toString('latin1');
    for (const font of ['NotoSansSC-Bold', 'NotoSansTamil-Regular']) {
      const file = raw.match(
        new RegExp(`/FontName /[A-Z]{6}\\+${font}\n(?:/.*\n)*?/FontFile2 (\\d+) 0 R`),
      )?.[1];
      expect(file, font).toBeDefined();
      const length = raw.match(new RegExp(`\n${file} 0 obj\n<<\n/Length (\\d+)`))?.[1];
      expect(Number(length)).toBeGreaterThan(500);
    }
  });

  it('embeds no font in a bill all in Latin letters, and only the glyphs drawn in one that needs them', async () => {
    const english = await renderBillPdf(bill(twoLines));
    expect((await read(english)).fonts).toEqual([
      { name: 'Helvetica-Bold', embedded: false },
      { name: 'Helvetica', embedded: false },
    ]);
    // The Chinese font's file is 10 MB; the glyphs of a name and an address are a few KB.
    const scripts = await renderBillPdf(inScripts());
    expect(scripts.length - english.length).toBeGreaterThan(1000);
    expect(scripts.length - english.length).toBeLessThan(10_000);
  });

  it('wraps a charge in Chinese, Tamil and English within its column, and its row grows to hold it', async () => {
    const description = '国际漫游数据套餐 China Mobile 中国移动 கண்ணன் வீதி சிங்கப்பூர் '.repeat(3).trim();
    const lines = [
      { msisdn: '91234567', planName: 'SIM Only 50GB', items: [{ description, amountCents: 900 }] },
    ];
    const runs = (await pagesOf(await renderBillPdf(bill(lines), { compress: false })))[0] ?? [];
    // The row's amount comes before the subtotal's, which is the same.
    const amount = runs.find((run) => run.text === '$9.00');
    const subtotal = runs.find((run) => run.text === 'Subtotal');
    const wrapped = runs.filter(
      (run) => run !== amount && run.y <= (amount?.y ?? 0) && run.y > (subtotal?.y ?? 0),
    );
    const shown = linesOf(wrapped);
    expect(shown.length).toBeGreaterThan(2);
    // Each line keeps the space it broke after: together they are the description.
    expect(shown.join('')).toBe(description);
    // Descriptions end 12 points short of the amounts' 90: at 595.28 - 50 - 102.
    const columnRight = 443.28;
    const rights = [...new Set(wrapped.map((run) => run.y))].map((y) =>
      Math.max(...wrapped.filter((run) => run.y === y).map((run) => run.x + run.width)),
    );
    for (const right of rights) expect(right).toBeLessThanOrEqual(columnRight + 0.01);
    // No line but the last breaks early (the longest word here is under 70 points).
    for (const right of rights.slice(0, -1)) expect(right).toBeGreaterThan(columnRight - 70);
    // Lines are Helvetica's 10-point line apart, the amount on the first, and the next row below the last.
    const baselines = [...new Set(wrapped.map((run) => run.y))];
    expect(baselines[0]).toBe(amount?.y);
    for (let i = 1; i < baselines.length; i++) {
      expect((baselines[i - 1] ?? 0) - (baselines[i] ?? 0)).toBeCloseTo(11.56, 1);
    }
    expect((baselines.at(-1) ?? 0) - (subtotal?.y ?? 0)).toBeGreaterThan(11.56);
  });

  it('cuts a long name in the footer short with an ellipsis, whatever its script', async () => {
    const doc = bill(twoLines);
    doc.operator.name = '新加坡自助服务移动通信有限公司'.repeat(3);
    const runs = (await pagesOf(await renderBillPdf(doc, { compress: false })))[0] ?? [];
    // The label has the footer's width less the page number's 100 points.
    const footer = runs.filter((run) => run.y < 64 && run.x < 445.28);
    const [label] = linesOf(footer);
    expect(label).toMatch(/^新加坡自助服务移动通信有限公司新加坡.+…$/);
    expect(label).not.toContain('B202611-000123');
    expect(Math.max(...footer.map((run) => run.x + run.width))).toBeLessThanOrEqual(445.28 + 0.01);
  });

  it('gives a Tamil word whose vowel signs are drawn before their consonant its letters in order', async () => {
    // செ is drawn as the sign ெ then the consonant ச: the glyphs alone would be copied as ெச.
    const pdf = await renderBillPdf(inScripts('செல்வம் முருகேசன்'), { compress: false });
    expect(actualTexts(pdf)).toEqual(['செல்வம் முருகேசன்']);
    expect(actualTexts(await renderBillPdf(bill(twoLines), { compress: false }))).toEqual([]);
  });

  it("is written in the customer's language, its days as that language writes them, the fonts embedded", async () => {
    const doc: BillDocument = { ...inScripts(), locale: 'zh' };
    doc.lines[0]?.items.push({
      description: 'Lite 10，自 2026年11月21日 起（30 天中的 10 天）',
      amountCents: 333,
    });
    doc.totalCents += 333;
    const pdf = await renderBillPdf(doc, { compress: false });
    const { pages, fonts } = await read(pdf);
    const lines = pages.flatMap((runs) => linesOf(runs));
    for (const expected of [
      '税务发票 / Tax Invoice',
      '2026年12月15日 前应付总额$53.00',
      '账单号码',
      '2026年11月1日 至 2026年11月30日',
      '账单收件人',
      '王小明 Tan',
      '上期结余',
      '手机 9123 4567 · SIM Only 50GB',
      'Lite 10，自 2026年11月21日 起（30 天中的 10 天）',
      '账户费用',
      '总额（含 GST）',
      `含 9% GST：${formatMoney(doc.gstCents)}`,
      '以 PayNow 付款',
      '二维码有效期至 2026年12月15日',
      '第 1 页，共 1 页',
    ])
      expect(lines.join('\n')).toContain(expected);
    expect(lines.join('\n')).not.toMatch(/Total due|Subtotal|Page 1/);
    expect(pdf.toString('latin1')).toContain('/Lang (zh-Hans-SG)');
    expect(fonts.filter((font) => font.embedded).map((font) => family(font.name))).toEqual(
      expect.arrayContaining(['NotoSansSC-Bold', 'NotoSansSC-Regular']),
    );
    // The labels are a few dozen more glyphs: the file stays small.
    expect(pdf.length).toBeLessThan(200_000);

    // Tamil's vowel signs drawn before their consonant are read from ActualText (ADR 0056).
    const tamil = await renderBillPdf({ ...bill(twoLines), locale: 'ta' }, { compress: false });
    expect(await textOf(tamil)).toContain('டிசம்பர்');
    expect(actualTexts(tamil)).toEqual(expect.arrayContaining(['செலுத்த வேண்டிய ', 'மொத்தம்', 'பில் பெறுநர்']));
    // A label longer than its column wraps, and the summary's box grows to hold it.
    const malay = await read(await renderBillPdf({ ...bill(twoLines), locale: 'ms' }, { compress: false }));
    const malayLines = linesOf(malay.pages[0] ?? []);
    const totalAt = malayLines.indexOf(
      `Jumlah perlu dibayar sebelum ${formatMoney(bill(twoLines).totalDueCents)}`,
    );
    expect(totalAt).toBeGreaterThan(0);
    expect(malayLines[totalAt + 1]).toBe('15 Disember 2026');
  });

  it('prints a question mark for a letter none of its fonts has', async () => {
    const runs = (await pagesOf(await renderBillPdf(inScripts('สมชาย Tan'), { compress: false })))[0] ?? [];
    expect(linesOf(runs)).toContain('????? Tan');
  });
});
