/**
 * The architecture's import rules, which Biome cannot state (it checks files, not modules):
 * - an API module uses another only through that module's `index.ts`, and so does code outside modules;
 * - a module owns its tables (ADR 0045): its code imports tables only from its own `<m>.schema.ts`
 *   (never the `db/schema.ts` barrel) and names no other module's table in SQL text; code outside the
 *   modules imports no tables. Schema files may import another's tables for their foreign keys;
 * - API modules depend on each other without cycles (type imports and table reads count: they couple
 *   as much);
 * - a web feature imports no other feature, and the staff console imports none.
 * Tests and the demo data loader (db/seed*) are left out: they are fixtures, which may reach whatever
 * they check or fill. Known breaches are listed in table-boundaries.baseline.json, which may only
 * shrink: a breach not in it fails, and so does an entry that no longer occurs. Run by `npm run lint`;
 * exits 1 on a breach.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  exportsOf,
  isSchemaFile,
  literalsOf,
  tablesDeclaredIn,
  tablesNamedIn,
  tableVariablesOf,
  viewsDeclaredIn,
} from './table-owners.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const API_MODULES = 'apps/api/src/modules/';
const WEB_FEATURES = 'apps/web/src/features/';
const WEB_STAFF = 'apps/web/src/staff/';

const SCHEMA_BARREL = 'apps/api/src/db/schema.ts';
export const BASELINE = 'scripts/table-boundaries.baseline.json';

const IMPORT =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:([\w*{}\s,$]+)\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

export interface Breach {
  rule: 'module-internals' | 'module-tables' | 'module-sql' | 'module-cycle' | 'feature-imports-feature';
  text: string;
}

/** The relative imports of one file, as paths from the repository root. */
export function importsOf(file: string, source: string): string[] {
  return importClausesOf(file, source).map((i) => i.target);
}

/** The relative imports of one file with the names each takes (`*` for a namespace or a re-export of all). */
function importClausesOf(file: string, source: string) {
  const found: { target: string; names: string[]; clause: string }[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[2] ?? m[3];
    if (!spec) continue;
    const clause = m[1] ?? '*';
    const names = clause.includes('*')
      ? ['*']
      : [...clause.replace(/[{}]/g, ',').split(',')]
          .map((part) =>
            part
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!
              .trim(),
          )
          .filter(Boolean);
    found.push({ target: normalize(join(dirname(file), spec)).replaceAll('\\', '/'), names, clause: m[0] });
  }
  return found;
}

const isFixture = (file: string) => /\.test\.tsx?$|\/test\/|^apps\/api\/src\/db\/seed/.test(file);
const apiModuleOf = (file: string) =>
  file.startsWith(API_MODULES) ? file.slice(API_MODULES.length).split('/')[0] : undefined;
const featureOf = (file: string) =>
  file.startsWith(WEB_FEATURES) ? file.slice(WEB_FEATURES.length).split('/')[0] : undefined;
/** A module's table definitions: the schema barrel and other modules' tables may reference them. */
const isSchema = (file: string) => isSchemaFile(file) || file === SCHEMA_BARREL;

/**
 * Which module owns each table and each view (by their names in the database), each name its schema
 * files export, and the variables they export tables as.
 */
export function tableOwners(files: Map<string, string>) {
  const tables = new Map<string, string>();
  const views = new Map<string, string>();
  const exported = new Map<string, string>();
  const tableVariables = new Map<string, Set<string>>();
  for (const [file, source] of files) {
    const owner = apiModuleOf(file);
    if (!owner || !isSchemaFile(file) || isFixture(file)) continue;
    for (const name of tablesDeclaredIn(source)) tables.set(name, owner);
    for (const name of viewsDeclaredIn(source)) views.set(name, owner);
    for (const name of exportsOf(source)) exported.set(name, owner);
    tableVariables.set(file, new Set(tableVariablesOf(source)));
  }
  return { tables, views, exported, tableVariables };
}

/** The SQL texts of a module's file (its string and template literals) that name another module's table. */
export function foreignSqlOf(file: string, source: string, tables: Map<string, string>): string[][] {
  const from = apiModuleOf(file);
  if (!from || isSchemaFile(file) || isFixture(file)) return [];
  return literalsOf(source)
    .map((text) => tablesNamedIn(text).filter((t) => tables.has(t) && tables.get(t) !== from))
    .filter((named) => named.length > 0);
}

/** Another module's tables a file names in SQL, each once, with their owners. */
function foreignTablesIn(file: string, source: string, tables: Map<string, string>): [string, string][] {
  const named = new Set(foreignSqlOf(file, source, tables).flat());
  return [...named].sort().map((t) => [t, tables.get(t)!]);
}

export function checkBoundaries(files: Map<string, string>): Breach[] {
  const breaches: Breach[] = [];
  const graph = new Map<string, Set<string>>();
  const owners = tableOwners(files);
  const depend = (from: string | undefined, to: string) => {
    if (!from || from === to) return;
    const edges = graph.get(from) ?? new Set<string>();
    edges.add(to);
    graph.set(from, edges);
  };
  for (const [file, source] of files) {
    if (isFixture(file)) continue;
    const from = apiModuleOf(file);
    const feature = featureOf(file);
    for (const { target, names, clause } of importClausesOf(file, source)) {
      const to = apiModuleOf(target);
      if (target === SCHEMA_BARREL && !isSchema(file)) {
        breaches.push({
          rule: 'module-tables',
          text: `${file} imports every module's tables from ${target}`,
        });
        const others = names.includes('*')
          ? new Set(owners.exported.values())
          : new Set(names.map((name) => owners.exported.get(name)).filter((o) => o !== undefined));
        for (const other of others) depend(from, other);
      }
      if (to && to !== from) {
        const publicSurface = target === `${API_MODULES}${to}/index.ts`;
        if (isSchemaFile(target) && !isSchema(file))
          breaches.push({ rule: 'module-tables', text: `${file} imports ${to}'s tables from ${target}` });
        else if (!publicSurface && !(isSchema(file) && isSchema(target)))
          breaches.push({ rule: 'module-internals', text: `${file} imports ${target}` });
        depend(from, to);
      } else if (to && isSchemaFile(target) && !from)
        breaches.push({ rule: 'module-tables', text: `${file} imports ${to}'s tables from ${target}` });
      else if (
        from &&
        to === from &&
        file === `${API_MODULES}${from}/index.ts` &&
        /^[\s;}]*export\b/.test(clause)
      )
        for (const name of names)
          if (name === '*' || owners.tableVariables.get(target)?.has(name))
            breaches.push({
              rule: 'module-tables',
              text: `${file} exports its table ${name} from ${target}`,
            });
      const other = featureOf(target);
      if (
        other &&
        (other !== feature || file.startsWith(WEB_STAFF)) &&
        (feature || file.startsWith(WEB_STAFF))
      )
        breaches.push({ rule: 'feature-imports-feature', text: `${file} imports ${target}` });
    }
    for (const [table, owner] of foreignTablesIn(file, source, owners.tables)) {
      breaches.push({ rule: 'module-sql', text: `${file} names ${owner}'s table ${table} in SQL` });
      depend(from, owner);
    }
    // Another module's view is its public surface, read in SQL: a dependency, no breach.
    if (from && !isSchemaFile(file))
      for (const text of literalsOf(source))
        for (const name of tablesNamedIn(text)) {
          const owner = owners.views.get(name);
          if (owner) depend(from, owner);
        }
  }
  for (const cycle of cyclesOf(graph))
    breaches.push({
      rule: 'module-cycle',
      text: `modules that depend on each other in a cycle: ${cycle.join(', ')}`,
    });
  return breaches;
}

/** The strongly connected groups of more than one module (Tarjan), each as a path through it. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** A breach as the baseline lists it. */
export const entryOf = (b: Breach) => `${b.rule}: ${b.text}`;

/**
 * The breaches against the baseline of known ones: those not in it (new, refused) and its entries
 * that no longer occur (removed, so the baseline must shrink with them).
 */
export function againstBaseline(breaches: Breach[], baseline: readonly string[]) {
  const known = new Set(baseline);
  const found = new Set(breaches.map(entryOf));
  return {
    unexpected: breaches.filter((b) => !known.has(entryOf(b))),
    gone: baseline.filter((entry) => !found.has(entry)),
  };
}

/** The repository's API and web sources, by path from the root. */
export function repositoryFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'apps/api/src', 'apps/web/src'],
    { cwd: root, encoding: 'utf8' },
  );
  for (const file of listed.split('\n').filter((f) => /\.tsx?$/.test(f)))
    if (existsSync(join(root, file))) files.set(file, readFileSync(join(root, file), 'utf8'));
  return files;
}

export const readBaseline = (): string[] => JSON.parse(readFileSync(join(root, BASELINE), 'utf8'));

/** The counts the check prints: what breaks each rule, known or not. */
export function measure(files: Map<string, string>, breaches: Breach[]) {
  const { tables } = tableOwners(files);
  const count = (rule: Breach['rule']) => breaches.filter((b) => b.rule === rule).length;
  const filesOf = (rule: Breach['rule']) =>
    new Set(breaches.filter((b) => b.rule === rule).map((b) => b.text.split(' ')[0])).size;
  let sqlTexts = 0;
  for (const [file, source] of files) sqlTexts += foreignSqlOf(file, source, tables).length;
  return {
    files: files.size,
    tables: tables.size,
    internals: count('module-internals'),
    tableImports: filesOf('module-tables'),
    sqlTexts,
    sqlFiles: filesOf('module-sql'),
    cycles: breaches.filter((b) => b.rule === 'module-cycle').map((b) => b.text.split(': ')[1]),
    features: count('feature-imports-feature'),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = repositoryFiles();
  const breaches = checkBoundaries(files);
  const { unexpected, gone } = againstBaseline(breaches, readBaseline());
  const m = measure(files, breaches);
  console.log(
    `Boundaries: ${m.files} files, ${m.tables} tables; imports into another module's internals ${m.internals}, ` +
      `files importing tables not their module's ${m.tableImports}, ` +
      `SQL texts naming another module's table ${m.sqlTexts} (in ${m.sqlFiles} files), ` +
      `module cycles ${m.cycles.length}${m.cycles.map((c) => ` (${c})`).join('')}, ` +
      `web features importing another ${m.features}; known in ${BASELINE} ${breaches.length - unexpected.length}`,
  );
  for (const b of unexpected) console.error(entryOf(b));
  for (const entry of gone) console.error(`no longer occurs, remove it from ${BASELINE}: ${entry}`);
  if (unexpected.length > 0 || gone.length > 0) {
    console.error(`See docs/adding-a-capability.md for the rules (${relative(process.cwd(), root) || '.'}).`);
    process.exit(1);
  }
}
