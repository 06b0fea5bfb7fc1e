// Build the server and the contracts to JavaScript (`npm run build:server`; `npm start` runs it when
// the sources are newer than the build). A file-by-file transpile with esbuild, no bundling: the
// layout under dist/ mirrors src/, so paths the server computes from its own location (migrations,
// the console build) hold for both. Type checking stays with `npm run typecheck`.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The package's source files that run in production: no tests, no test helpers. */
function sources(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((p) => !p.split(path.sep).includes('test'));
}

/** Newest modification time below `p` (a file or a directory; 0 when missing). */
export function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p, { withFileTypes: true }).reduce((n, e) => Math.max(n, newest(path.join(p, e.name))), 0);
}

export const serverEntry = path.join(root, 'packages/server/dist/main.js');

/** Whether the server or contracts sources changed since the last build (or there is none). */
export function serverBuildStale() {
  const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
  const sources = Math.max(
    newest(path.join(root, 'packages/server/src')),
    newest(path.join(root, 'packages/contracts/src')),
  );
  return sources > Math.min(builtAt(serverEntry), builtAt(path.join(root, 'packages/contracts/dist/index.js')));
}

export async function buildServer() {
  // Loaded here, not with this module: `npm start` imports it on every start, mostly to find the build current.
  const { build, stop } = await import('esbuild');
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
  // esbuild's service process would otherwise stay beside the server `npm start` runs next.
  await stop();
  await makeSeedCluster();
}

/**
 * The embedded database's seed cluster (packages/server/src/platform/db/pglite-seed.ts), made here so
 * that the server's first start loads it instead of running `initdb` (in a child process: its peak
 * ends with it). Kept across builds while PGlite and the migrations are the same.
 */
async function makeSeedCluster() {
  const seed = await import(path.join(root, 'packages/server/dist/platform/db/pglite-seed.js'));
  const file = seed.seedFileName();
  if (fs.existsSync(file)) return;
  console.log(
    "Preparing the embedded database's seed cluster (once per PGlite version and set of migrations: about 20 s)…",
  );
  const started = Date.now();
  if (!seed.pgliteSeedFile()) throw new Error('Could not make the embedded database seed cluster');
  console.log(`Made the embedded database's seed cluster in ${Date.now() - started} ms: ${path.relative(root, file)}`);
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const started = Date.now();
  await buildServer();
  console.log(`Built the server and contracts to dist/ in ${Date.now() - started} ms`);
}
