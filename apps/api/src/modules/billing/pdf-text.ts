import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import LineBreaker from 'linebreak';

/**
 * Text in any script on a pdfkit page (ADR 0056). What the standard Helvetica can print stays in it,
 * never embedded, so an English bill is as small as it always was; a character Helvetica's WinAnsi
 * encoding lacks is drawn in an embedded Noto font that has it, of which pdfkit embeds only the glyphs
 * drawn. pdfkit measures and wraps a text in one font only, so a text is split here into runs of one
 * font each, and wrapped, measured and drawn line by line.
 */

type Pdf = PDFKit.PDFDocument;

export type Face = 'regular' | 'bold';

/** The standard fonts, pdfkit's own: Latin-1 and the few more of WinAnsi. */
export const STANDARD_FONTS: Record<Face, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** Characters the standard fonts' WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function inStandard(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  const latin1 = code === 10 || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff);
  return latin1 || WIN_ANSI_EXTRA.has(char);
}

// Node's resolution from this file finds node_modules from the source (tsx) and from the bundle in
// dist/bin alike. The files are resolved as the module loads, so that a missing font package stops the
// process at its start, not at the first bill with a Chinese name.
const resolve = createRequire(import.meta.url).resolve;
const tamil = (part: string, weight: number) =>
  resolve(`@fontsource/noto-sans-tamil/files/noto-sans-tamil-${part}-${weight}-normal.woff`);

/**
 * The embedded fonts, tried in this order for a character Helvetica lacks: Fontsource's Noto Sans Tamil
 * files for the Tamil block (19 KB) and for Latin beyond WinAnsi (Ł, ğ, ő; 9 KB), then Google's Noto
 * Sans SC whole (10 MB), some 30,000 characters: Chinese as written in Singapore, traditional
 * characters, pinyin. Fontsource's own Noto Sans SC is cut into 100 files which leave out over half of
 * those ideographs.
 */
const EMBEDDED: Array<{ name: string; files: Record<Face, string> }> = [
  { name: 'NotoSansTamil', files: { regular: tamil('tamil', 400), bold: tamil('tamil', 700) } },
  { name: 'NotoSansLatinExt', files: { regular: tamil('latin-ext', 400), bold: tamil('latin-ext', 700) } },
  {
    name: 'NotoSansSC',
    files: {
      regular: resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
      bold: resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
    },
  },
];

interface Loaded {
  data: Buffer;
  font: Font;
}

/** Each file is read once in the process, when a text first needs it: an English bill reads none. */
const loaded = new Map<string, Loaded>();

function load(file: string): Loaded {
  let entry = loaded.get(file);
  if (!entry) {
    const data = readFileSync(file);
    entry = { data, font: create(data) as Font };
    loaded.set(file, entry);
  }
  return entry;
}

/** The text as drawn (NFC, '?' for a character no font has) and its runs of one font each. */
interface Runs {
  text: string;
  runs: Array<{ font: string; start: number; end: number }>;
}

/** A line: text[start, end) of its Runs. */
interface Line {
  start: number;
  end: number;
  /** Its words' widths, trailing spaces included, as pdfkit counts a line's. */
  width: number;
  /** The width of the ellipsis that follows a line cut short. */
  ellipsis?: number;
}

export interface TextBox {
  face: Face;
  size: number;
  width: number;
  align?: 'left' | 'right' | 'center';
  /** At most one line, cut short with an ellipsis when the text is longer (pdfkit's `ellipsis`). */
  oneLine?: boolean;
}

const LETTER = /\p{L}/u;
const TRAILING_SPACE = /\s+$/;

/** A cut by graphemes never parts a Tamil vowel sign from its consonant. */
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The current font's ascender in thousandths of an em: pdfkit draws the baseline that far below the
 * top it is given. pdfkit's types leave its font object out.
 */
const ascender = (pdf: Pdf) => (pdf as unknown as { _font: { ascender: number } })._font.ascender;

/**
 * Draws and measures text on one document. A letter takes the first font that has it, Helvetica
 * first; anything else (a space, a digit, punctuation, a combining mark) stays in the run before it
 * when that font has it, so that '王小明 Tan' is two runs and a Tamil word's vowel signs stay with it.
 */
export class PdfText {
  /** The embedded fonts registered with this document so far, by pdfkit's name for them. */
  private readonly registered = new Map<string, Font>();

  constructor(private readonly pdf: Pdf) {}

  private has(font: string, char: string, face: Face): boolean {
    if (font === STANDARD_FONTS[face]) return inStandard(char);
    return this.registered.get(font)?.hasGlyphForCodePoint(char.codePointAt(0) ?? 0) ?? false;
  }

  private embeddedFont(char: string, face: Face): string | null {
    const code = char.codePointAt(0) ?? 0;
    for (const { name, files } of EMBEDDED) {
      const { data, font } = load(files[face]);
      if (!font.hasGlyphForCodePoint(code)) continue;
      const registered = `${name}-${face}`;
      if (!this.registered.has(registered)) {
        this.pdf.registerFont(registered, data);
        this.registered.set(registered, font);
      }
      return registered;
    }
    return null;
  }

  private runs(value: string, face: Face): Runs {
    const standard = STANDARD_FONTS[face];
    let text = '';
    const runs: Runs['runs'] = [];
    for (const char of value.normalize('NFC')) {
      const last = runs.at(-1);
      const font =
        last && !LETTER.test(char) && this.has(last.font, char, face)
          ? last.font
          : inStandard(char)
            ? standard
            : this.embeddedFont(char, face);
      // No font has it: a '?' at least reads as a missing character.
      const shown = font ? char : '?';
      if (last && last.font === (font ?? standard)) last.end += shown.length;
      else runs.push({ font: font ?? standard, start: text.length, end: text.length + shown.length });
      text += shown;
    }
    return { text, runs };
  }

  /** text[start, end) in its fonts, newlines left out: a line break is not drawn. */
  private parts({ text, runs }: Runs, start: number, end: number): Array<{ font: string; text: string }> {
    const parts: Array<{ font: string; text: string }> = [];
    for (const run of runs) {
      const part = text.slice(Math.max(start, run.start), Math.min(end, run.end)).replace(/\n/g, '');
      if (part) parts.push({ font: run.font, text: part });
    }
    return parts;
  }

  private width(runs: Runs, start: number, end: number, size: number): number {
    let width = 0;
    for (const part of this.parts(runs, start, end)) {
      width += this.pdf.font(part.font).fontSize(size).widthOfString(part.text);
    }
    return width;
  }

  /**
   * Whether the glyphs' own text, in the order they are drawn, differs from the text: a Tamil vowel
   * sign is drawn before its consonant (செ), and one in two parts on both sides of it (சொ). A reader
   * would copy such a word's letters out of order, so the run carries its text as ActualText.
   */
  private reordered(font: string, text: string): boolean {
    const glyphs = this.registered.get(font)?.layout(text).glyphs;
    if (!glyphs) return false;
    const drawn = glyphs.map((glyph) => String.fromCodePoint(...glyph.codePoints)).join('');
    return drawn.normalize('NFC') !== text.normalize('NFC');
  }

  /**
   * The lines the text wraps to, as pdfkit's own wrapper makes them of a text in one font: a break
   * where Unicode allows one (linebreak, pdfkit's own breaker), a word fits with its trailing space or
   * goes to the next line, and a word wider than a line is cut where it must be, by graphemes.
   */
  private wrap(runs: Runs, box: TextBox): Line[] {
    const lines: Line[] = [];
    const measure = (start: number, end: number) => this.width(runs, start, end, box.size);
    let line: Line = { start: 0, end: 0, width: 0 };
    let spaceLeft = box.width;
    const word = (start: number, end: number, width: number, required: boolean): void => {
      const fits = width <= spaceLeft;
      if (fits) line = { start: line.end > line.start ? line.start : start, end, width: line.width + width };
      if (fits && !required) {
        spaceLeft -= width;
        return;
      }
      if (!fits) {
        if (line.end > line.start) lines.push(line);
        line = { start, end, width };
      }
      spaceLeft = box.width - (required ? 0 : width);
      if (required) {
        lines.push(line);
        line = { start: end, end, width: 0 };
      }
    };
    const breaker = new LineBreaker(runs.text);
    let last = 0;
    for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
      const start = last;
      last = bk.position;
      const width = measure(start, bk.position);
      if (width <= box.width) {
        word(start, bk.position, width, bk.required);
        continue;
      }
      // Wider than a line: what fits of it on this line, then a line at a time.
      for (let from = start; from < bk.position; ) {
        const pieces = [...graphemes.segment(runs.text.slice(from, bk.position))].map((g) => g.segment);
        let to = from;
        for (const piece of pieces) {
          if (measure(from, to + piece.length) > spaceLeft) break;
          to += piece.length;
        }
        if (to === from && line.end > line.start) {
          lines.push(line);
          line = { start: from, end: from, width: 0 };
          spaceLeft = box.width;
          continue;
        }
        // A grapheme wider than a whole line has one to itself.
        if (to === from) to += pieces[0]?.length ?? 1;
        word(from, to, measure(from, to), bk.required || to < bk.position);
        from = to;
      }
    }
    if (line.end > line.start) lines.push(line);
    return lines;
  }

  /** The first line alone, cut short to leave room for an ellipsis when the text goes on. */
  private firstLine(runs: Runs, lines: Line[], box: TextBox): Line[] {
    const first = lines[0];
    if (!first || lines.length === 1) return lines;
    const ellipsis = this.pdf.font(STANDARD_FONTS[box.face]).fontSize(box.size).widthOfString('…');
    const trimmed = (end: number) =>
      first.start + runs.text.slice(first.start, end).replace(TRAILING_SPACE, '').length;
    let end = trimmed(first.end);
    while (end > first.start && this.width(runs, first.start, end, box.size) + ellipsis > box.width) {
      const lastGrapheme = [...graphemes.segment(runs.text.slice(first.start, end))].at(-1)?.segment ?? '';
      end = trimmed(end - lastGrapheme.length);
    }
    const width = this.width(runs, first.start, end, box.size);
    if (width + ellipsis > box.width) return [{ start: first.start, end, width }];
    return [{ start: first.start, end, width: width + ellipsis, ellipsis }];
  }

  private layout(value: string, box: TextBox): { runs: Runs; lines: Line[]; lineHeight: number } {
    const runs = this.runs(value, box.face);
    const lines = this.wrap(runs, box);
    // Every line keeps Helvetica's line box, so that a row's columns share a baseline whatever their
    // script. The Noto glyphs fit it: the tallest reach 0.16 em above its top, into the gap below the
    // line before, and Tamil's deepest 0.32 em below the baseline, of the box's 0.44.
    const lineHeight = this.pdf.font(STANDARD_FONTS[box.face]).fontSize(box.size).currentLineHeight(true);
    return { runs, lines: box.oneLine ? this.firstLine(runs, lines, box) : lines, lineHeight };
  }

  /** The height of the text wrapped to the box's width. */
  measure(value: string, box: TextBox): number {
    const { lines, lineHeight } = this.layout(value, box);
    return lines.length * lineHeight;
  }

  /** Draws the text with its top at (x, y), in the current fill colour, and returns its height. */
  draw(value: string, x: number, y: number, box: TextBox): number {
    const { pdf } = this;
    const { runs, lines, lineHeight } = this.layout(value, box);
    const baseline = ascender(pdf.font(STANDARD_FONTS[box.face]));
    let top = y;
    for (const line of lines) {
      let left = x;
      if (box.align === 'right') {
        const end = line.start + runs.text.slice(line.start, line.end).replace(TRAILING_SPACE, '').length;
        left += box.width - (this.width(runs, line.start, end, box.size) + (line.ellipsis ?? 0));
      } else if (box.align === 'center') left += box.width / 2 - line.width / 2;
      const parts = this.parts(runs, line.start, line.end);
      const lastPart = parts.at(-1);
      if (line.ellipsis && lastPart?.font === STANDARD_FONTS[box.face]) lastPart.text += '…';
      else if (line.ellipsis) parts.push({ font: STANDARD_FONTS[box.face], text: '…' });
      for (const part of parts) {
        pdf.font(part.font).fontSize(box.size);
        // Each font's ascender differs: shifted, every run's baseline is Helvetica's.
        const shift = ((baseline - ascender(pdf)) / 1000) * box.size;
        const actual = this.reordered(part.font, part.text);
        if (actual) pdf.markContent('Span', { actual: part.text });
        pdf.text(part.text, left, top + shift, { lineBreak: false });
        if (actual) pdf.endMarkedContent();
        left += pdf.widthOfString(part.text);
      }
      top += lineHeight;
    }
    return lines.length * lineHeight;
  }
}
