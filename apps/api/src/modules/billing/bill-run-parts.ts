import { ChargeMessages } from '@selfcare/domain';

/**
 * The values of a month's bill run as a part's SQL names them: each is a placeholder (`$1`, `$2`, …)
 * of the statement the part is written into, numbered as the statement first uses it.
 */
export interface RunValues {
  /** The month billed, 'YYYY-MM'. */
  month: string;
  /** 00:00 Singapore time on the 1st after the month (a timestamptz): what began before it is the month's. */
  cutoff: string;
  /** The month's first day ('YYYY-MM-DD', written `::date`). */
  start: string;
  /** The month's last day ('YYYY-MM-DD', written `::date`). */
  end: string;
  /** The days in the month. */
  days: string;
  /** When the run makes the charges (a timestamptz). */
  now: string;
  /** The batch's accounts (written `::uuid[]`). */
  accounts: string;
  /** The first day of the month before ('YYYY-MM-DD', written `::date`): use recorded late is charged from it. */
  previousStart: string;
}

/** The columns of the charges a part's SELECT gives, in this order. */
export const PART_CHARGE_COLUMNS =
  'user_id, line_id, order_id, kind, period, amount_cents, reason, words, source_key, created_at';

/**
 * What a module adds to the monthly bill run (ADR 0023, ADR 0045): the run stays one set-based
 * statement per part over a batch of accounts, but each part is written by the module that owns
 * the tables it reads and registered at start (`BillRun.includes`), as card payment owners are
 * (ADR 0033); billing reads none of them. A part's SQL names its module's own tables and the views
 * of the modules above it.
 */
export interface BillRunPart {
  /** What it charges ('plans', 'monthly products', …), in errors. */
  name: string;
  /**
   * The module's tables its statements read by the hundred thousand: analysed as a run starts (the
   * embedded database has no autovacuum to notice the month's new rows).
   */
  analyze?: readonly string[];
  /**
   * A condition on an account (`account`, an SQL expression for its id), true when it has something
   * this part bills in the month. An account gets the month's bill when a part says so, or when it
   * has charges not billed yet.
   */
  bills?(v: RunValues, account: string): string;
  /**
   * A SELECT of the part's charges of the month for the batch's accounts (`v.accounts`), in the
   * columns `PART_CHARGE_COLUMNS` lists; billing inserts them, each source key once, so running it
   * again charges nothing twice.
   */
  charges?(v: RunValues): string;
}

/**
 * Placeholders for `values` and the values they stand for: a placeholder is numbered when a text
 * first names it, so a statement is sent only the values it uses (Postgres cannot type one it does
 * not), and every use of one name is the same parameter.
 */
export function placeholders<K extends string>(values: Record<K, unknown>) {
  const used: unknown[] = [];
  const names = {} as Record<K, string>;
  for (const key of Object.keys(values) as K[]) {
    let at: string | undefined;
    Object.defineProperty(names, key, {
      enumerable: true,
      get: () => {
        if (at === undefined) {
          used.push(values[key]);
          at = `$${used.length}`;
        }
        return at;
      },
    });
  }
  return { names, values: used };
}

/** A constant text (one of the domain's `ChargeMessages`) as an SQL literal. */
export const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * `template` (an English `ChargeMessages` template) with each `{name}` filled by an SQL expression
 * of text, in one pass (`format`), so that the words a part writes are the domain's and a value that
 * holds '{from}' is written as it is.
 */
export function filled(template: string, values: Record<string, string>): string {
  const args: string[] = [];
  const pattern = template.replace(/%/g, '%%').replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    args.push(value);
    return `%${args.length}$s`;
  });
  return `format(${[literal(pattern), ...args].join(', ')})`;
}

/**
 * A monthly price for `d.days` days from `d.first`, half a cent up as `prorate` in the domain, the
 * bill's words for it and their parts: the name, and the days when not the whole month ('Lite 10
 * from 15 March 2025 (17 of 31 days)', a day written as ADR 0036 writes it), whose parts (`words`,
 * ChargeWords' `part`) let a page write the day in its language. Plans and monthly products share it
 * (ADR 0047); `bill-run-rules.api.test.ts` holds it to `prorate`.
 */
export const prorated = (v: RunValues, price: string, name: string) =>
  `(${price}::bigint * d.days * 2 + ${v.days}) / (2 * ${v.days}),
   CASE WHEN d.days < ${v.days}
        THEN ${filled(ChargeMessages.partMonth('{name}', '{from}', '{days}', '{monthDays}'), {
          name,
          from: `to_char(d.first, 'FMDD FMMonth YYYY')`,
          days: 'd.days::text',
          monthDays: `${v.days}::text`,
        })}
        ELSE ${name} END,
   CASE WHEN d.days < ${v.days}
        THEN jsonb_build_object('kind', 'part', 'name', ${name}, 'from', d.first, 'days', d.days,
                                'monthDays', ${v.days}::int) END`;
