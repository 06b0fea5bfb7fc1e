// `npm start` as a user runs it: it serves, and a SIGTERM to the npm process stops the server and
// everything it started within a few seconds (issue 22: the server used to be left running).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { descendants, freePort } from './test/processes.js';

const repo = path.resolve(import.meta.dirname, '../../..');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(process.platform !== 'linux')('npm start', () => {
  it('serves, and stops with everything it started on SIGTERM to npm', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: repo,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ROOKERY_DATA_DIR: dataDir,
        ROOKERY_ADMIN_PASSWORD: 'start-Admin-pass-1',
        ROOKERY_GAME_KEY: 'start-game-key-0123456789',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (c) => {
      output += c;
    });
    npm.stderr.on('data', (c) => {
      output += c;
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    const health = `http://127.0.0.1:${port}/healthz`;
    const deadline = Date.now() + 240_000;
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not become healthy:\n${output}`);
      if (
        await fetch(health).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(output).toContain('Rookery listening on');
    const started = descendants(npm.pid as number);
    expect(started.length).toBeGreaterThanOrEqual(2); // the start script and the server, at least

    const signalled = Date.now();
    npm.kill('SIGTERM');
    await exited;
    // Everything it started is gone within a few seconds, and nothing listens on the port.
    while (started.some(alive) && Date.now() - signalled < 10_000) await new Promise((r) => setTimeout(r, 100));
    const took = Date.now() - signalled;
    expect(started.filter(alive), `still running ${took} ms after SIGTERM`).toEqual([]);
    expect(took).toBeLessThan(10_000);
    expect(
      await fetch(health).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused');
  });
});
