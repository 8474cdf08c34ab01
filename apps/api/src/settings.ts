import { z } from 'zod';

/**
 * One setting: an environment variable, how its text is checked and read (the schema, with its
 * default), and what it sets, as the README's table of settings states it. Declared by the platform
 * (`config.ts`) or by the module that reads it (`<m>.settings.ts`); the README's table is written from
 * these declarations (`npm run docs:settings`) and a test keeps the two the same.
 */
export interface Setting<S extends z.ZodType = z.ZodType> {
  schema: S;
  meaning: string;
  /** The default as the README states it, when the schema's own says too little: none, computed, noted. */
  shown?: string;
  /** A fee (SPEC.md section 9 and those added since): its name in `Fees` and the charge kind it bills. */
  fee?: FeeOf;
}

export interface FeeOf {
  /** Its name in the fees /api/v1/settings answers and the web reads (`adminCents`). */
  name: `${string}Cents`;
  /** The charge the fee is billed as; none for a fee that is part of an order's price. */
  chargeKind?: string;
}

export type SettingDeclarations = Readonly<Record<string, Setting>>;

export const defineSettings = <const D extends SettingDeclarations>(declarations: D): D => declarations;

/** The values a set of declarations gives, by variable name. */
export type SettingValues<D extends SettingDeclarations> = {
  -readonly [K in keyof D]: z.output<D[K]['schema']>;
};

export const setting = <S extends z.ZodType>(schema: S, meaning: string, shown?: string): Setting<S> =>
  shown === undefined ? { schema, meaning } : { schema, meaning, shown };

export const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const url = z.url();
export const cents = z.coerce.number().int().min(0).max(1_000_000);

/**
 * A fee the operator configures in cents, GST included: its variable (`<NAME>_FEE_CENTS`), default and
 * meaning, its name in `Fees` and the charge kind it is billed as. The module that charges it declares
 * it among its settings, and nothing else needs to change for the fee to be configured, documented,
 * answered to the web and billed.
 */
export const fee = (f: FeeOf & { default: number; meaning: string }) => ({
  schema: cents.default(f.default),
  meaning: f.meaning,
  fee: f.chargeKind === undefined ? { name: f.name } : { name: f.name, chargeKind: f.chargeKind },
});

/** The default a declaration documents: its own `shown`, or the schema's default in code type. */
export function shownDefault(s: Setting): string | undefined {
  if (s.shown !== undefined) return s.shown;
  const parsed = s.schema.safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? `\`${String(parsed.data)}\`` : undefined;
}

/** Every declaration in one record, refusing a variable declared twice (by two modules, say). */
export function combineSettings(parts: readonly SettingDeclarations[]): SettingDeclarations {
  const all: Record<string, Setting> = {};
  for (const part of parts)
    for (const [name, s] of Object.entries(part)) {
      if (name in all) throw new Error(`The setting ${name} is declared twice`);
      all[name] = s;
    }
  return all;
}

/** The README's table of settings: one row per variable, in the order declared. */
export function settingsTable(declarations: SettingDeclarations): string[] {
  return Object.entries(declarations).map(([name, s]) => {
    const shown = shownDefault(s);
    if (shown === undefined) throw new Error(`The setting ${name} has no default to show: declare \`shown\``);
    return `| \`${name}\` | ${shown} | ${s.meaning} |`;
  });
}
