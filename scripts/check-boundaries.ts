/**
 * The architecture's import rules, which Biome cannot state (it checks files, not modules):
 * - an API module uses another only through that module's `index.ts`, and so does code outside modules;
 * - API modules import each other without cycles (type imports count: they couple as much);
 * - a web feature imports no other feature, and the staff console imports none.
 * Tests and the demo data loader (db/seed*) are left out: they are fixtures, which may reach whatever
 * they check or fill. Run by `npm run lint`; exits 1 on a breach.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const API_MODULES = 'apps/api/src/modules/';
const WEB_FEATURES = 'apps/web/src/features/';
const WEB_STAFF = 'apps/web/src/staff/';

const IMPORT =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

export interface Breach {
  rule: 'module-internals' | 'module-cycle' | 'feature-imports-feature';
  text: string;
}

/** The relative imports of one file, as paths from the repository root. */
export function importsOf(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec) found.push(normalize(join(dirname(file), spec)).replaceAll('\\', '/'));
  }
  return found;
}

const isFixture = (file: string) => /\.test\.tsx?$|\/test\/|^apps\/api\/src\/db\/seed/.test(file);
const apiModuleOf = (file: string) =>
  file.startsWith(API_MODULES) ? file.slice(API_MODULES.length).split('/')[0] : undefined;
const featureOf = (file: string) =>
  file.startsWith(WEB_FEATURES) ? file.slice(WEB_FEATURES.length).split('/')[0] : undefined;
/** A module's table definitions: the schema barrel and other modules' tables may reference them. */
const isSchema = (file: string) => file.endsWith('.schema.ts') || file === 'apps/api/src/db/schema.ts';

export function checkBoundaries(files: Map<string, string>): Breach[] {
  const breaches: Breach[] = [];
  const graph = new Map<string, Set<string>>();
  for (const [file, source] of files) {
    if (isFixture(file)) continue;
    const from = apiModuleOf(file);
    const feature = featureOf(file);
    for (const target of importsOf(file, source)) {
      const to = apiModuleOf(target);
      if (to && to !== from) {
        const publicSurface = target === `${API_MODULES}${to}/index.ts`;
        if (!publicSurface && !(isSchema(file) && isSchema(target)))
          breaches.push({ rule: 'module-internals', text: `${file} imports ${target}` });
        if (from) {
          const edges = graph.get(from) ?? new Set<string>();
          edges.add(to);
          graph.set(from, edges);
        }
      }
      const other = featureOf(target);
      if (
        other &&
        (other !== feature || file.startsWith(WEB_STAFF)) &&
        (feature || file.startsWith(WEB_STAFF))
      )
        breaches.push({ rule: 'feature-imports-feature', text: `${file} imports ${target}` });
    }
  }
  for (const cycle of cyclesOf(graph))
    breaches.push({
      rule: 'module-cycle',
      text: `modules that import each other in a cycle: ${cycle.join(', ')}`,
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = new Map<string, string>();
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'apps/api/src', 'apps/web/src'],
    { cwd: root, encoding: 'utf8' },
  );
  for (const file of listed.split('\n').filter((f) => /\.tsx?$/.test(f)))
    if (existsSync(join(root, file))) files.set(file, readFileSync(join(root, file), 'utf8'));
  const breaches = checkBoundaries(files);
  for (const b of breaches) console.error(`${b.rule}: ${b.text}`);
  const count = (rule: Breach['rule']) => breaches.filter((b) => b.rule === rule).length;
  console.log(
    `Boundaries: ${files.size} files; imports into another module's internals ${count('module-internals')}, ` +
      `module cycles ${count('module-cycle')}, web features importing another ${count('feature-imports-feature')}`,
  );
  if (breaches.length > 0) {
    console.error(`See docs/adding-a-capability.md for the rules (${relative(process.cwd(), root) || '.'}).`);
    process.exit(1);
  }
}
