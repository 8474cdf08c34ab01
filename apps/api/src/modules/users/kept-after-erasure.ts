/**
 * The columns that may still hold something personal after an account is erased (ADR 0030,
 * docs/data-map.md), and why each is kept. Everything else personal goes with the account; the
 * erasure test searches every text and JSON column of the database for the customer and allows a
 * hit only here, so a new table holding personal data that the erasure misses fails it.
 */
export interface KeptColumn {
  table: string;
  column: string;
  /**
   * `tax`: part of a tax invoice or the accounting records behind it, which the Income Tax Act and
   * the GST rules make the operator keep for five years.
   */
  why: 'tax';
  /** What of the person it may hold. */
  holds: string;
}

/** How long the tax records are kept, in years after the end of the year the bill was issued in. */
export const TAX_RECORD_YEARS = 5;

/**
 * The first Singapore day whose records are still within their years on `today` ('YYYY-MM-DD'):
 * what was issued before it was kept for the five years after the end of its year, and may go.
 */
export function taxRecordsKeptFrom(today: string): string {
  return `${Number(today.slice(0, 4)) - TAX_RECORD_YEARS}-01-01`;
}

export const KEPT_AFTER_ERASURE: readonly KeptColumn[] = [
  {
    table: 'charges',
    column: 'reason',
    why: 'tax',
    holds:
      "a bill item's words as invoiced, which may name the line's number ('SIM replacement for 8123 4567')",
  },
  {
    table: 'charges',
    column: 'waive_reason',
    why: 'tax',
    holds: 'why a supervisor waived an amount invoiced, as typed',
  },
];
