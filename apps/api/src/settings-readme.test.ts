import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_SETTINGS, CHARGE_KINDS, MODULE_SETTINGS } from './load-config.ts';
import { combineSettings, defineSettings, fee, setting, settingsTable } from './settings.ts';
import { settingsRowsIn, withSettingsTable } from './settings-readme.ts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe("the README's table of settings", () => {
  it('lists every setting the platform and the modules declare, with its default and meaning, as declared', () => {
    // Out of date: run `npm run docs:settings`.
    expect(settingsRowsIn(README)).toEqual(settingsTable(ALL_SETTINGS));
  });

  it('is rewritten from the declarations, leaving the rest of the README as it was', () => {
    const declarations = defineSettings({ ONE: setting(z.string().default('x'), 'The one setting') });
    const readme =
      '# R\n\n## Configuration\n\n| Variable | Default | Meaning |\n|---|---|---|\n| `OLD` | `1` | Gone |\n\nAfter.\n';
    const written = withSettingsTable(readme, declarations);
    expect(written).toBe(
      '# R\n\n## Configuration\n\n| Variable | Default | Meaning |\n|---|---|---|\n| `ONE` | `x` | The one setting |\n\nAfter.\n',
    );
    expect(settingsRowsIn(written)).toEqual(['| `ONE` | `x` | The one setting |']);
  });
});

describe('settings declared by the modules', () => {
  it('refuses a variable declared twice', () => {
    const a = defineSettings({ SAME: setting(z.string().default('a'), 'A') });
    expect(() => combineSettings([a, a])).toThrow(/SAME is declared twice/);
  });

  it('refuses to document a setting whose default it cannot show', () => {
    expect(() => settingsTable({ NONE: setting(z.string().optional(), 'No default') })).toThrow(/NONE/);
  });

  it("gives each fee its setting, its name in the fees and the charge kind it bills, the modules' own", () => {
    const overdue = MODULE_SETTINGS.OVERDUE_NOTICE_FEE_CENTS;
    expect(overdue?.fee).toEqual({ name: 'overdueNoticeCents', chargeKind: 'overdue-fee' });
    expect(overdue?.schema.parse(undefined)).toBe(1000);
    expect(() => overdue?.schema.parse('-1')).toThrow();
    expect(
      fee({ name: 'paperBillCents', default: 200, chargeKind: 'paper-bill', meaning: 'A paper bill' }).fee,
    ).toEqual({ name: 'paperBillCents', chargeKind: 'paper-bill' });
    for (const kind of [
      'admin-fee',
      'sim-replacement',
      'number-change',
      'overdue-fee',
      'plan',
      'credit',
      'order',
    ])
      expect(CHARGE_KINDS.has(kind), kind).toBe(true);
  });
});
