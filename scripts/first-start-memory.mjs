// `node scripts/first-start-memory.mjs [--clean] [--runs N]`: the whole process tree's peak
// resident memory of `npm start` on a fresh data directory until `/healthz` answers (issue 48: the
// target is ≤ 400 MB), sampled every 100 ms from /proc. With `--clean` the builds are removed first
// (the console's, the server's, the contracts' and the embedded database's seed cluster), so the
// start is a fresh clone's very first one, builds included. Prints, per run, the peak, what the
// start was doing at the time (its last progress line) and the processes the peak was made of.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const clean = args.includes('--clean');
const runs = Number(args[args.indexOf('--runs') + 1] ?? 1) || 1;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** pid → { ppid, rss (MB), name } of every process (Linux /proc). */
function processes() {
  const all = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // Field 24 of stat (rss, in pages) is the 22nd after the comm.
      all.set(Number(entry), { ppid: Number(fields[1]), rss: (Number(fields[21]) * 4096) / 2 ** 20, name });
    } catch {
      // Ended while being read.
    }
  }
  return all;
}

/** The processes of the tree under `rootPid` (itself included). */
function tree(rootPid) {
  const all = processes();
  const found = [];
  let frontier = [rootPid];
  while (frontier.length) {
    const next = [];
    for (const pid of frontier) {
      const p = all.get(pid);
      if (p) found.push({ pid, ...p });
      for (const [child, c] of all) if (c.ppid === pid) next.push(child);
    }
    frontier = next;
  }
  return found;
}

async function once() {
  if (clean)
    for (const p of [
      'packages/web/dist',
      'packages/server/dist',
      'packages/contracts/dist',
      'node_modules/.cache/rookery',
    ])
      fs.rmSync(path.join(root, p), { recursive: true, force: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-first-start-'));
  const port = await freePort();
  const started = Date.now();
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ROOKERY_DATA_DIR: dir,
      ROOKERY_ADMIN_PASSWORD: 'first-start-Admin-1',
      ROOKERY_GAME_KEY: 'first-start-game-key-0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let phase = 'npm start';
  const onLine = (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) phase = line.trim().slice(0, 90);
  };
  npm.stdout.on('data', onLine);
  npm.stderr.on('data', () => {});
  let peak = { mb: 0, phase, parts: '' };
  const sampler = setInterval(() => {
    const procs = tree(npm.pid);
    const mb = procs.reduce((s, p) => s + p.rss, 0);
    if (mb > peak.mb)
      peak = {
        mb,
        phase,
        parts: procs
          .filter((p) => p.rss > 5)
          .map((p) => `${p.name} ${Math.round(p.rss)}`)
          .join(', '),
      };
  }, 100);
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
      if (Date.now() - started > 600_000) throw new Error('no /healthz in 10 min');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    clearInterval(sampler);
    const exited = new Promise((r) => (npm.exitCode !== null ? r() : npm.once('exit', r)));
    npm.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `first start${clean ? ' (builds included)' : ''}: whole tree peak ${Math.round(peak.mb)} MB, /healthz in ${seconds} s, ` +
      `load ${os.loadavg()[0].toFixed(2)}; at the peak: "${peak.phase}" — ${peak.parts}`,
  );
}

for (let i = 0; i < runs; i += 1) await once();
