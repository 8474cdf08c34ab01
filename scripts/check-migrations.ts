/**
 * Migrations safe for a rolling deploy (ADR 0053): while a deploy runs, the release before keeps
 * serving beside the new one, on the database the new one has migrated. Run by `npm run lint`; exits 1
 * on a finding. Each migration from POLICY_FROM on is held to:
 * - Squawk (a maintained PostgreSQL migration linter), run as our migrator runs them (each file in the
 *   one transaction): no NOT NULL column without a default on an existing table, no index built while
 *   it blocks writes, no column type change, no renaming, a `SET LOCAL lock_timeout` before a
 *   statement that takes an ACCESS EXCLUSIVE lock, and the rest of its defaults but those listed in
 *   SQUAWK_EXCLUDED with their reasons;
 * - our own rule for the contract step: a column or table may be dropped only when the release before
 *   no longer declared it, that is when it is gone from the schema snapshot of the migration before
 *   (drizzle-kit writes one per migration, from the schema the code declared then).
 * A finding Squawk makes that the migration has reasons to keep is silenced in the file itself, with
 * `-- squawk-ignore <rule>` and a comment saying why.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS = join(root, 'apps/api/drizzle');

/** The first migration held to the policy; those before it were applied everywhere under the old rules. */
export const POLICY_FROM = 47;

/** Squawk's rules left out, each for a reason that holds for every migration here. */
export const SQUAWK_EXCLUDED = [
  // Our migrator runs every pending migration in one transaction: a failure leaves nothing half done.
  'prefer-robust-stmts',
  // A statement may rightly run long (a backfill); the lock timeout is what keeps requests flowing.
  'require-statement-timeout',
  // Column types are the schema's design (ADR 0047's columns), not a matter of deploying safely.
  'prefer-bigint-over-int',
  'prefer-bigint-over-smallint',
  'prefer-identity',
  'prefer-text-field',
  // Replaced by the release-aware rule below: a drop is the contract step once nothing reads it.
  'ban-drop-column',
  'ban-drop-table',
];

export interface Finding {
  file: string;
  rule: string;
  message: string;
}

interface Snapshot {
  tables: Record<string, { columns: Record<string, unknown> }>;
}

/** The migrations in the journal's order, with their index and tag. */
export function journal(folder = MIGRATIONS): { idx: number; tag: string }[] {
  return (
    JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    }
  ).entries;
}

const snapshotOf = (folder: string, idx: number): Snapshot =>
  JSON.parse(readFileSync(join(folder, `meta/${String(idx).padStart(4, '0')}_snapshot.json`), 'utf8'));

const unquote = (name: string) => name.replace(/^"|"$/g, '');

/**
 * Drops and renames in `sql` that break the release before: dropping a table or column the release
 * before still declared (`before`, the snapshot of the migration before), or renaming one at all.
 */
export function contractFindings(file: string, sql: string, before: Snapshot): Finding[] {
  const findings: Finding[] = [];
  const declared = (table: string) => before.tables[`public.${table}`];
  const code = sql.replace(/--[^\n]*/g, ' ');
  for (const m of code.matchAll(/DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?("?[\w.]+"?)/gi)) {
    const table = unquote(m[1]!.replace(/^"?public"?\./, ''));
    if (declared(table))
      findings.push({
        file,
        rule: 'drop-while-declared',
        message: `drops the table ${table}, which the release before still declares: remove it from the schema first, and drop it in the next release`,
      });
  }
  for (const m of code.matchAll(/ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?("?[\w.]+"?)([^;]*)/gi)) {
    const table = unquote(m[1]!.replace(/^"?public"?\./, ''));
    for (const d of m[2]!.matchAll(/DROP\s+COLUMN\s+(?:IF\s+EXISTS\s+)?("?\w+"?)/gi)) {
      const column = unquote(d[1]!);
      if (declared(table)?.columns[column] !== undefined)
        findings.push({
          file,
          rule: 'drop-while-declared',
          message: `drops ${table}.${column}, which the release before still declares: remove it from the schema first, and drop it in the next release`,
        });
    }
  }
  return findings;
}

/** Squawk's findings over `files`, as the migrator runs them (each file within a transaction). */
export function squawkFindings(files: string[]): Finding[] {
  if (files.length === 0) return [];
  const squawk = join(root, 'node_modules/.bin/squawk');
  const args = ['--reporter', 'json', '--assume-in-transaction', `--exclude=${SQUAWK_EXCLUDED.join(',')}`];
  let out: string;
  try {
    out = execFileSync(squawk, [...args, ...files], { encoding: 'utf8' });
  } catch (err) {
    // Squawk exits 1 when it finds something; its report is still on standard output.
    out = (err as { stdout?: string }).stdout ?? '';
    if (!out.trim().startsWith('[')) throw err;
  }
  return (JSON.parse(out) as { file: string; rule_name: string; message: string; line: number }[]).map(
    (v) => ({
      file: v.file,
      rule: v.rule_name,
      message: `line ${v.line + 1}: ${v.message}`,
    }),
  );
}

/** Every finding over the migrations from POLICY_FROM on in `folder`. */
export function checkMigrations(folder = MIGRATIONS, from = POLICY_FROM): Finding[] {
  const held = journal(folder).filter((e) => e.idx >= from);
  const files = held.map((e) => join(folder, `${e.tag}.sql`));
  const contract = held.flatMap((e, i) =>
    contractFindings(files[i]!, readFileSync(files[i]!, 'utf8'), snapshotOf(folder, e.idx - 1)),
  );
  return [...squawkFindings(files), ...contract];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const findings = checkMigrations();
  const held = journal().filter((e) => e.idx >= POLICY_FROM).length;
  console.log(
    `Migrations: ${held} held to the rolling-deploy policy (ADR 0053), ${findings.length} findings`,
  );
  for (const f of findings) console.log(`${f.file.replace(`${root}/`, '')}: ${f.rule}: ${f.message}`);
  if (findings.length > 0) {
    console.log('See docs/decisions/0053-migrations-for-a-rolling-deploy.md.');
    process.exit(1);
  }
}
