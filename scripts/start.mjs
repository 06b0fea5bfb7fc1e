// `npm start`: build what is missing or older than its sources (the console with Vite, the server
// and contracts to JavaScript with esbuild), then run the built server. Ctrl-C or SIGTERM to this
// process reaches the server, which drains its requests and closes the database; this process exits
// with it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, newest, serverBuildStale, serverEntry } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const at = (p) => path.join(root, p);

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
  console.log('Building the console (packages/web)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@rookery/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (serverBuildStale()) {
  console.log('Building the server (packages/server, packages/contracts)…');
  await buildServer();
}

// The built server resolves @rookery/contracts to its built files through this export condition.
const server = spawn(process.execPath, ['--conditions=rookery-built', serverEntry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
// `npm start` runs this script through `sh -c`; a SIGTERM to npm ends that shell without passing the
// signal on, and this process is left to init. So a change of parent counts as the stop signal too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 250).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + os.constants.signals[signal] : 1)));
