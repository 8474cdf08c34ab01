/**
 * Web size check: the JavaScript a browser loads to show /login (the entry chunk, the login page
 * chunk and every chunk they import statically), gzipped, against the budget. Reads Vite's manifest.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = resolve('apps/web/dist');
type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(readFileSync(resolve(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

const entryKey = Object.keys(manifest).find((k) => k === 'index.html' && manifest[k]?.isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/pages/login-page.tsx'));
if (!entryKey || !loginKey) throw new Error('entry or login page chunk not found in the manifest');

const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const i of chunk.imports ?? []) visit(i);
};
visit(entryKey);
visit(loginKey);

let total = 0;
const rows = [...files].map((file) => {
  const size = gzipSync(readFileSync(resolve(dist, file)), { level: 9 }).length;
  total += size;
  return { file, kb: (size / 1024).toFixed(1) };
});
rows.sort((a, b) => Number(b.kb) - Number(a.kb));
for (const r of rows) console.log(`  ${r.kb.padStart(7)} KB  ${r.file}`);
const kb = total / 1024;
console.log(`JavaScript loaded by /login: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
