import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMigrations } from './check-migrations.ts';

/**
 * A migrations folder with one migration before (its snapshot declares `charges` with `id`, `kind`
 * and `note`, and `old_things`) and the planted one after it, checked as `npm run lint` checks ours.
 */
function planted(sql: string) {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  mkdirSync(join(folder, 'meta'));
  const entries = [
    { idx: 0, version: '7', when: 1, tag: '0000_before', breakpoints: true },
    { idx: 1, version: '7', when: 2, tag: '0001_planted', breakpoints: true },
  ];
  writeFileSync(
    join(folder, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  const table = (columns: string[]) => ({
    columns: Object.fromEntries(columns.map((c) => [c, { name: c }])),
  });
  writeFileSync(
    join(folder, 'meta/0000_snapshot.json'),
    JSON.stringify({
      tables: { 'public.charges': table(['id', 'kind', 'note']), 'public.old_things': table(['id']) },
    }),
  );
  writeFileSync(join(folder, '0000_before.sql'), 'CREATE TABLE "charges" ("id" uuid PRIMARY KEY);');
  writeFileSync(join(folder, '0001_planted.sql'), sql);
  return checkMigrations(folder, 1).map((f) => f.rule);
}

const LOCK = "SET LOCAL lock_timeout = '5s';\n--> statement-breakpoint\n";

describe('migrations safe for a rolling deploy', () => {
  it('refuses dropping a column or table the release before still declares', () => {
    expect(planted(`${LOCK}ALTER TABLE "charges" DROP COLUMN "note";`)).toEqual(['drop-while-declared']);
    expect(planted(`${LOCK}DROP TABLE "old_things";`)).toEqual(['drop-while-declared']);
  });

  it('lets the contract step drop what the release before no longer declared', () => {
    expect(planted(`${LOCK}ALTER TABLE "charges" DROP COLUMN "gone_before";`)).toEqual([]);
    expect(planted(`${LOCK}DROP TABLE "dropped_from_the_schema";`)).toEqual([]);
  });

  it('refuses renaming a column, which the release before still reads by its old name', () => {
    expect(planted(`${LOCK}ALTER TABLE "charges" RENAME COLUMN "note" TO "reason";`)).toContain(
      'renaming-column',
    );
  });

  it('refuses a NOT NULL column without a default on an existing table', () => {
    expect(planted(`${LOCK}ALTER TABLE "charges" ADD COLUMN "paid" boolean NOT NULL;`)).toContain(
      'adding-required-field',
    );
    expect(planted(`${LOCK}ALTER TABLE "charges" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;`)).toEqual(
      [],
    );
  });

  it('refuses an index that blocks writes to an existing table while it is built', () => {
    expect(planted('CREATE INDEX "charges_kind_idx" ON "charges" ("kind");')).toContain(
      'require-concurrent-index-creation',
    );
  });

  it('refuses a statement taking an ACCESS EXCLUSIVE lock with no lock timeout before it', () => {
    expect(planted('ALTER TABLE "charges" DROP CONSTRAINT "charges_kind_check";')).toEqual([
      'require-lock-timeout',
    ]);
  });

  it("passes the repository's own migrations", () => {
    expect(checkMigrations()).toEqual([]);
  });
});
