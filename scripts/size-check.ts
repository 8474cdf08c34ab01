/**
 * Static estimate of the web weight: for each page group of e2e/tests/page-weight-budgets.ts, the
 * entry chunk, the group's page chunks and every chunk they import statically (what Vite fetches with
 * them), gzipped at level 9, from Vite's manifest of the last build. It cannot see what a page loads
 * later on its own (the toasts once one shows, a tab's form when it is opened), so it is a lower bound
 * of what the browser test (e2e/tests/page-weight.spec.ts) measures, the budget that counts; it fails
 * only when even this lower bound is over a group's budget, which it tells in seconds, without a browser.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_GROUPS } from '../e2e/tests/page-weight-budgets.ts';

const dist = resolve('apps/web/dist');
type Chunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(readFileSync(resolve(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

const keyOf = (source: string) => {
  const key = Object.keys(manifest).find((k) => k === source || k === `src/${source}`);
  if (!key) throw new Error(`${source} is not in the build's manifest`);
  return key;
};
const gzipped = new Map<string, number>();
const sizeOf = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(resolve(dist, file)), { level: 9 }).length);
  return gzipped.get(file) as number;
};

console.log(
  "Static lower bound of each page group's JavaScript; e2e/tests/page-weight.spec.ts measures it in a browser.",
);
let over = 0;
for (const [group, { budgetKb, entry, pages }] of Object.entries(PAGE_GROUPS)) {
  const files = new Set<string>();
  const names = new Map<string, string>();
  const visit = (key: string) => {
    const chunk = manifest[key] as Chunk;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    // Chunks are written by hash alone: the manifest keeps the name they would have had.
    if (chunk.name) names.set(chunk.file, chunk.name);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const source of [entry, ...pages]) visit(keyOf(source));
  const kb = [...files].reduce((sum, f) => sum + sizeOf(f), 0) / 1024;
  const list = [...files]
    .sort((a, b) => sizeOf(b) - sizeOf(a))
    .map((f) => `${names.get(f) ?? f.replace(/^assets\//, '')} ${(sizeOf(f) / 1024).toFixed(1)}`);
  console.log(
    `${group}: ${files.size} scripts, at least ${kb.toFixed(1)} KB gzipped (budget ${budgetKb} KB)\n  ${list.join(', ')}`,
  );
  if (kb > budgetKb) {
    console.error(
      `  ${group} is over its budget by ${(kb - budgetKb).toFixed(1)} KB before anything loads lazily`,
    );
    over++;
  }
}
if (over) process.exit(1);
