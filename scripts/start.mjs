// `npm start`: build the console when it is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'packages/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ['packages/web/src', 'packages/web/index.html', 'packages/contracts/src']
  .map((p) => path.join(root, p))
  .filter((p) => fs.existsSync(p));
const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
const stale = sources.some((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs) > builtAt);

if (stale && fs.existsSync(path.join(root, 'packages/web/vite.config.ts'))) {
  console.log('Building the console (packages/web)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@rookery/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
