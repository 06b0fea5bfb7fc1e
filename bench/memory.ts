/**
 * `npm run bench memory`: the resident memory of the built server (`npm start`'s way) from its first
 * start on an empty embedded database (PGlite) through a bounded mixed load — game logins, saves and
 * console list calls — against the same on PostgreSQL (a scratch database on DATABASE_URL, by default
 * the local 127.0.0.1:5432), and against a PGlite first start that runs `initdb` instead of loading
 * the build's seed cluster. The first start's figure is the whole process tree's (the server and any
 * child it starts), sampled every 25 ms; the server's peak is its high-water mark (VmHWM); steady is
 * the median RSS over the second half of the load, with the third and last quarters' medians to show
 * whether it grows. BENCH_PLAYERS bounds the distinct
 * devices logging in (default 2,000 here), BENCH_SECONDS the load (default 20 s per engine).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { descendants, freePort } from '../packages/server/src/test/processes.js';
import { createScratchPostgres } from '../packages/server/src/test/scratch-postgres.js';
// @ts-expect-error: a plain JavaScript build script without type declarations
import { buildServer } from '../scripts/build-server.mjs';
import { benchSeconds, log, percentile, resultLine } from './harness.js';

const repo = path.resolve(import.meta.dirname, '..');
const PLAYERS = Math.min(Number(process.env.BENCH_PLAYERS ?? 2000), 100_000);
const SECONDS = benchSeconds(20);
const CONCURRENCY = 8;
const ADMIN_PASSWORD = 'bench-Admin-pass-1';
const GAME_KEY = 'bench-memory-game-key-0123456789';

/** The resident memory of a process and every process below it, in MB (0 once it is gone). */
function treeRss(root: number): number {
  let total = 0;
  for (const pid of [root, ...descendants(root)]) {
    try {
      total += memory(pid).rss;
    } catch {
      // Ended meanwhile.
    }
  }
  return total;
}

/** VmRSS and VmHWM of a process, in MB. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

interface Measure {
  /** The whole process tree's highest sampled RSS (the server and any child it starts). */
  treePeak: number;
  /** Median RSS over the third and over the last quarter of the load: flat when nothing leaks. */
  quarters: [number, number];
  peak: number;
  steady: number;
  requests: number;
  startSeconds: number;
}

async function measure(env: Record<string, string>): Promise<Measure> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    // The V8 flags `npm start` runs the server with (package.json's start script).
    ['--max-semi-space-size=2', '--conditions=rookery-built', path.join(repo, 'packages/server/dist/main.js')],
    {
      cwd: repo,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ROOKERY_ADMIN_PASSWORD: ADMIN_PASSWORD,
        ROOKERY_GAME_KEY: GAME_KEY,
        ROOKERY_AUTH_RATE_LIMIT: '100000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const pid = server.pid as number;
  const started = Date.now();
  let treePeak = 0;
  const treeSampler = setInterval(() => {
    treePeak = Math.max(treePeak, treeRss(pid));
  }, 25);
  try {
    while (
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      if (Date.now() - started > 300_000) throw new Error('server did not become healthy');
      await new Promise((r) => setTimeout(r, 100));
    }
    const startSeconds = (Date.now() - started) / 1000;
    const json = async (method: string, url: string, headers: Record<string, string>, body?: unknown) => {
      const res = await fetch(base + url, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const signIn = await json('POST', '/api/v1/login', {}, { username: 'admin', password: ADMIN_PASSWORD });
    const console = { authorization: `Bearer ${signIn.data.token}` };
    const game = { 'x-game-key': GAME_KEY };

    // The mix: of every four operations two game logins, one save of the player just logged in,
    // one console list (roles or a player search).
    let done = 0;
    const end = Date.now() + SECONDS * 1000;
    const samples: number[] = [];
    const third: number[] = [];
    const last: number[] = [];
    const sampler = setInterval(() => {
      const left = (end - Date.now()) / (SECONDS * 1000);
      const rss = memory(pid).rss;
      if (left < 0.5) samples.push(rss);
      if (left < 0.5 && left >= 0.25) third.push(rss);
      if (left < 0.25) last.push(rss);
    }, 200);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (let i = worker; Date.now() < end; i += CONCURRENCY) {
          const device = `bench-mem-${i % PLAYERS}`;
          const player = await json('POST', '/api/game/v1/players/login', game, {
            deviceId: device,
            deviceModel: 'Pixel 8',
            os: 'android',
            appVersion: '1.2.3',
            language: 'en',
            country: 'US',
          });
          const p = player.data ?? player;
          await json('PUT', `/api/game/v1/players/${p.userId}/save`, game, {
            saveCount: p.saveCount + 1,
            state: p.state,
            sessionEpoch: p.sessionEpoch,
            deviceId: device,
          });
          if (i % 2) await json('GET', '/api/v1/role', console);
          else await json('GET', `/api/v1/penguin/users/search?userId=${p.userId}`, console);
          done += 3;
        }
      }),
    );
    clearInterval(sampler);
    return {
      treePeak: Math.max(treePeak, memory(pid).hwm),
      quarters: [percentile(third, 50), percentile(last, 50)],
      peak: memory(pid).hwm,
      steady: percentile(samples, 50),
      requests: done,
      startSeconds,
    };
  } finally {
    clearInterval(treeSampler);
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
  }
}

/**
 * The README's first start as a user types it: `npm start` on an empty data directory, the whole
 * process tree (npm, its shell, the server) sampled every 25 ms until `/healthz` answers, then
 * stopped with SIGTERM to npm. The build is done before, so this is the start, not the build.
 */
async function npmStartTreePeak(): Promise<{ peak: number; seconds: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-bench-npm-start-'));
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ROOKERY_DATA_DIR: dir,
      ROOKERY_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ROOKERY_GAME_KEY: GAME_KEY,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = npm.pid as number;
  const started = Date.now();
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
  }, 25);
  try {
    while (
      !(await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
      if (Date.now() - started > 300_000) throw new Error('npm start did not become healthy');
      await new Promise((r) => setTimeout(r, 50));
    }
    return { peak, seconds: (Date.now() - started) / 1000 };
  } finally {
    clearInterval(sampler);
    const exited = new Promise((r) => npm.once('exit', r));
    npm.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchMemory(): Promise<string[]> {
  await buildServer();
  // The first start from the seed cluster the build makes, against the same start running `initdb`
  // (ROOKERY_PGLITE_SEED=off: what every first start did before the seed).
  const firstStart = async (env: Record<string, string>, label: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-bench-memory-'));
    try {
      log(
        `PGlite ${label}: first start on an empty data directory, ${SECONDS} s of mixed load over ${PLAYERS} devices`,
      );
      return await measure({ ...env, ROOKERY_DATA_DIR: dir });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  log('npm start: the first start as a user types it, the whole tree until /healthz answers');
  const npmStart = await npmStartTreePeak();
  const pglite = await firstStart({}, 'from the seed cluster');
  const initdb = await firstStart({ ROOKERY_PGLITE_SEED: 'off' }, 'with initdb (no seed)');
  const scratch = await createScratchPostgres(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    'rookery_bench',
  );
  let postgres: Measure;
  try {
    log(`PostgreSQL: the same on a scratch database`);
    postgres = await measure({ DATABASE_URL: scratch.url, ROOKERY_DATA_DIR: os.tmpdir() });
  } finally {
    await scratch.drop();
  }
  const mb = (x: number) => `${Math.round(x)} MB`;
  const load = (m: Measure) => `${Math.round(m.requests / SECONDS)} req/s, ready in ${m.startSeconds.toFixed(1)} s`;
  for (const m of [pglite, initdb, postgres])
    if (!(m.requests > 0 && m.treePeak > 0 && m.steady > 0)) throw new Error('the load or the sampling did nothing');
  const growth = (m: Measure) => `${mb(m.quarters[0])} → ${mb(m.quarters[1])} from the third to the last quarter`;
  return [
    resultLine(
      'memory-npm-start',
      `${mb(npmStart.peak)} whole process tree peak of \`npm start\` (npm and the server) until /healthz answers, first start from the seed cluster (ready in ${npmStart.seconds.toFixed(1)} s; target ≤ 400 MB)`,
      npmStart.peak / initdb.treePeak,
      `${mb(initdb.treePeak)} for the server alone with initdb`,
    ),
    resultLine(
      'memory-first-start',
      `${mb(pglite.treePeak)} whole process tree peak, first start from the seed cluster (${load(pglite)}; target ≤ 400 MB)`,
      pglite.treePeak / initdb.treePeak,
      `${mb(initdb.treePeak)} with initdb (${load(initdb)})`,
    ),
    resultLine(
      'memory-peak',
      `${mb(pglite.peak)} server peak RSS on PGlite (first start and mixed load)`,
      pglite.peak / postgres.peak,
      `${mb(postgres.peak)} on PostgreSQL (${load(postgres)})`,
    ),
    resultLine(
      'memory-steady',
      `${mb(pglite.steady)} steady RSS under mixed load on PGlite (${growth(pglite)})`,
      pglite.steady / postgres.steady,
      `${mb(postgres.steady)} on PostgreSQL (${growth(postgres)})`,
    ),
  ];
}
