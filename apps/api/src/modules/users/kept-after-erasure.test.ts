import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEPT_AFTER_ERASURE, taxRecordsKeptFrom } from './kept-after-erasure.ts';

describe('the tax years', () => {
  it('run five years from the end of the year a bill was issued in', () => {
    expect(taxRecordsKeptFrom('2026-11-28')).toBe('2021-01-01');
    expect(taxRecordsKeptFrom('2026-01-01')).toBe('2021-01-01');
    expect(taxRecordsKeptFrom('2027-01-01')).toBe('2022-01-01');
  });
});

describe('the data map', () => {
  const map = readFileSync(new URL('../../../../../docs/data-map.md', import.meta.url), 'utf8');
  const keptSection = map.slice(map.indexOf('## Kept after the erasure'), map.indexOf('## Every table'));
  const listed = [...keptSection.matchAll(/^\| `(\w+)\.(\w+)` \|/gm)].map((m) => `${m[1]}.${m[2]}`);

  it('lists as kept exactly the columns the erasure keeps, and the erasure test allows', () => {
    expect(listed.sort()).toEqual(KEPT_AFTER_ERASURE.map((k) => `${k.table}.${k.column}`).sort());
  });
});
