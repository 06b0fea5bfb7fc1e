// `npm start`: build what is missing or older than its sources (the console with Vite, the server
// and contracts to JavaScript with esbuild), then run the built server in this same process (npm
// starts it with `--conditions=rookery-built`, so the server resolves @rookery/contracts to its
// built files). One Node process fewer in the tree: a first start's memory is npm's and the
// server's, not a third launcher's (about 55 MB; issue 48). Ctrl-C or SIGTERM reaches the server,
// which drains its requests, closes the database and exits.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, newest, serverBuildStale, serverEntry } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const at = (p) => path.join(root, p);

/** Seconds since `started` (a `performance.now()`), as the progress lines say them. */
const seconds = (started) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

const contracts = at('packages/contracts/src');
if (
  Math.max(
    newest(at('packages/web/src')),
    newest(at('packages/web/index.html')),
    // The build's own steps (the compressed copies): a build made before them is stale too.
    newest(at('packages/web/vite.config.ts')),
    newest(at('packages/web/precompress.ts')),
    newest(contracts),
  ) > builtAt(at('packages/web/dist/index.html'))
) {
  // Measured on a 2-core machine (README "Quick start"): the build about 7 s, its compressed copies about 16 s.
  const first = !fs.existsSync(at('packages/web/dist/index.html'));
  console.log(
    `Building the console (packages/web)…${first ? ' (first start: about 25 s, the whole first start about 1 min)' : ''}`,
  );
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build', '-w', '@rookery/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Built the console in ${seconds(started)}.`);
}
if (serverBuildStale()) {
  console.log('Building the server (packages/server, packages/contracts)…');
  const started = performance.now();
  await buildServer();
  console.log(`Built the server in ${seconds(started)}. Starting it…`);
}

// `npm start` runs this script through `sh -c`; a SIGTERM to npm ends that shell without passing the
// signal on, and this process is left to init. So a change of parent counts as the stop signal too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 250).unref();
await import(pathToFileURL(serverEntry).href);
