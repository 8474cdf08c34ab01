/**
 * Bundles the production entry points, the API alone and the worker alone, into plain JavaScript in
 * dist/bin/ (no TypeScript runner in production). Our code and the domain package are bundled; npm
 * packages stay external and load from node_modules. dist/bin sits two folders below the package, as
 * src/db does, so the migrations resolve the same way from the source and from the bundle.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@selfcare/'));
// The domain's own dependencies are the API's too once bundled.
const domain = JSON.parse(
  readFileSync(new URL('../../packages/domain/package.json', import.meta.url), 'utf8'),
) as { dependencies: Record<string, string> };
external.push(...Object.keys(domain.dependencies));

const result = await build({
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: { server: 'src/server.ts', worker: 'src/worker.ts' },
  outdir: 'dist/bin',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  metafile: true,
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
for (const [file, { bytes }] of outputs) process.stdout.write(`  ${file}  ${(bytes / 1024).toFixed(0)} KB\n`);
