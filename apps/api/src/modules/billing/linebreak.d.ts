/** The Unicode line breaking algorithm (UAX #14) that pdfkit wraps text by; the package has no types. */
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    /** The next place a line may break, before `position`; `required` after a newline. */
    nextBreak(): { position: number; required: boolean } | null;
  }
}
