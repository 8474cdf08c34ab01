/**
 * Reads back what a PDF shows, for the tests of the PDFs the API makes: pdf.js (its Node build) decodes
 * the text through each font's encoding or ToUnicode map, embedded fonts' glyph ids included.
 */
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface Run {
  x: number;
  /** Baseline, in PDF units from the bottom of the page. */
  y: number;
  text: string;
  /** The font's name in the file: 'Helvetica', or an embedded subset's 'ABCDEF+NotoSansSC-Bold'. */
  font: string;
  /** How far the run reaches to the right of x, in points. */
  width: number;
}

export interface ReadPdf {
  pages: Run[][];
  fonts: Array<{ name: string; embedded: boolean }>;
}

/**
 * The text runs of each page as pdf.js reads them, one per text-showing operation (pdfkit draws a run
 * of one font at a time), decoded through the fonts' encodings and ToUnicode maps. They are read from
 * the operator list, not getTextContent, whose spacing guesses put a space after a Tamil letter that
 * carries a vowel sign, as in வீ (pdf.js takes a glyph holding a combining mark for a mark alone).
 */
export async function read(pdf: Buffer): Promise<ReadPdf> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const pages: Run[][] = [];
    const fonts = new Map<string, boolean>();
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const { fnArray, argsArray } = await page.getOperatorList();
      const runs: Run[] = [];
      let font = { id: '', size: 0 };
      let at = { x: 0, y: 0 };
      fnArray.forEach((fn, i) => {
        const args = argsArray[i];
        if (fn === OPS.setFont) font = { id: args[0], size: args[1] };
        else if (fn === OPS.setTextMatrix) at = { x: args[0][4], y: args[0][5] };
        else if (fn === OPS.showText) {
          const glyphs: Array<{ unicode: string; width: number } | number> = args[0];
          // A number moves the next glyph left by thousandths of the font size (a kerning pair).
          const units = glyphs.reduce<number>((sum, g) => sum + (typeof g === 'number' ? -g : g.width), 0);
          const text = glyphs.map((g) => (typeof g === 'number' ? '' : g.unicode)).join('');
          const { name } = page.commonObjs.get(font.id);
          runs.push({ ...at, text, font: name, width: (units * font.size) / 1000 });
        }
      });
      for (const id of new Set(fnArray.flatMap((fn, i) => (fn === OPS.setFont ? [argsArray[i][0]] : [])))) {
        const { name, missingFile } = page.commonObjs.get(id);
        fonts.set(name, !missingFile);
      }
      pages.push(runs);
    }
    return { pages, fonts: [...fonts].map(([name, embedded]) => ({ name, embedded })) };
  } finally {
    await doc.destroy();
  }
}

export const pagesOf = async (pdf: Buffer) => (await read(pdf)).pages;

export const textOf = async (pdf: Buffer) =>
  (await pagesOf(pdf))
    .flat()
    .map((run) => run.text)
    .join('\n');

/** A page's lines top to bottom, each its runs left to right joined: a line drawn in several fonts reads whole. */
export function linesOf(runs: Run[]): string[] {
  const baselines = [...new Set(runs.map((run) => run.y))].sort((a, b) => b - a);
  return baselines.map((y) =>
    runs
      .filter((run) => run.y === y)
      .sort((a, b) => a.x - b.x)
      .map((run) => run.text)
      .join(''),
  );
}

/**
 * The ActualText of each marked span in an uncompressed file, which readers copy instead of the
 * glyphs' own text (pdf.js does not read it): pdfkit writes it as a literal string in UTF-16.
 */
export function actualTexts(pdf: Buffer): string[] {
  const escaped: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  return [...pdf.toString('latin1').matchAll(/\/ActualText \(((?:\\.|[^\\)])*)\)/gs)].map(([, literal]) => {
    const bytes = Buffer.from(
      (literal ?? '').replace(/\\(.)/gs, (_, char: string) => escaped[char] ?? char),
      'latin1',
    );
    // The byte order mark, then big-endian pairs.
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  });
}

/** The subset's name without its tag: 'NotoSansSC-Bold' for 'ABCDEF+NotoSansSC-Bold'. */
export const family = (font: string) => font.replace(/^[A-Z]{6}\+/, '');
