import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../packages/server/src/test/processes.js';
// @ts-expect-error: a plain JavaScript build script without type declarations
import { buildServer, serverBuildStale, serverEntry } from '../scripts/build-server.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
export const adminPassword = 'e2e-Admin-pass-1';
/** The game API key of the test server (X-Game-Key), for tests that play the game's side. */
export const gameKey = 'e2e-game-key-0123456789';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    gameKey: string;
    /** The console build the server serves (a test with a server of its own serves it too). */
    webDist: string;
  }
}

/** Newest modification time of the files below `dir` (0 when it does not exist). */
function newestChange(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((newest, e) => Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs), 0);
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * The console is built as it ships. Vitest sets NODE_ENV=test, and Vite builds for the NODE_ENV
 * it finds: React's and antd's development code, several times slower, would be what the
 * browser tests walk.
 */
const buildEnv = { ...process.env, NODE_ENV: 'production' };

/** Builds the web if needed, starts the real server on a free port with a fresh embedded database. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(repo, 'packages/web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@rookery/web'], { cwd: repo, stdio: 'inherit', env: buildEnv });
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'rookery-e2e-'));
  // Serve a private copy of the build: other work in the same tree may rebuild dist mid-run.
  // When the sources changed since dist was built, the copy is a fresh build instead.
  const webDist = join(dataDir, 'web');
  const dist = join(repo, 'packages/web/dist');
  const sourcesChanged =
    Math.max(newestChange(join(repo, 'packages/web/src')), newestChange(join(repo, 'packages/contracts/src'))) >
    statSync(join(dist, 'index.html')).mtimeMs;
  if (sourcesChanged)
    execFileSync('npm', ['run', 'build', '-w', '@rookery/web', '--', '--outDir', webDist], {
      cwd: repo,
      stdio: 'inherit',
      env: buildEnv,
    });
  else cpSync(dist, webDist, { recursive: true });
  // The built server, as `npm start` runs it (the build takes about a second).
  if (serverBuildStale()) await buildServer();
  let log = '';
  const server = spawn(process.execPath, ['--conditions=rookery-built', serverEntry], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      ROOKERY_DATA_DIR: join(dataDir, 'data'),
      ROOKERY_WEB_DIST: webDist,
      ROOKERY_ADMIN_PASSWORD: adminPassword,
      ROOKERY_GAME_KEY: gameKey,
      // The single-sign-on centre is on, so its menu entry is walked and tested (issue 46).
      SSO_CENTER: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('adminPassword', adminPassword);
  project.provide('gameKey', gameKey);
  project.provide('webDist', webDist);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r).once('error', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
