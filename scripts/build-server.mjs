// Build the server and the contracts to JavaScript (`npm run build:server`; `npm start` runs it when
// the sources are newer than the build). A file-by-file transpile with esbuild, no bundling: the
// layout under dist/ mirrors src/, so paths the server computes from its own location (migrations,
// the console build) hold for both. Type checking stays with `npm run typecheck`.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** The package's source files that run in production: no tests, no test helpers. */
function sources(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((p) => !p.split(path.sep).includes('test'));
}

export async function buildServer() {
  for (const pkg of ['contracts', 'server']) {
    const src = path.join(root, 'packages', pkg, 'src');
    const outdir = path.join(root, 'packages', pkg, 'dist');
    fs.rmSync(outdir, { recursive: true, force: true });
    await build({
      entryPoints: sources(src),
      outdir,
      outbase: src,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
    });
  }
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const started = Date.now();
  await buildServer();
  console.log(`Built the server and contracts to dist/ in ${Date.now() - started} ms`);
}
