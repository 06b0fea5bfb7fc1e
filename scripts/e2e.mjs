#!/usr/bin/env node
/**
 * Browser tests. Without a Chromium (CHROME_PATH or /usr/bin/chromium) they are skipped with one
 * line, unless `--require` is passed or CI is set: then a missing browser is a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const required = process.argv.includes('--require') || Boolean(process.env.CI);

if (!existsSync(chrome)) {
  if (required) {
    console.error(`browser tests required but no Chromium at ${chrome} (set CHROME_PATH)`);
    process.exit(1);
  }
  console.log(`browser tests skipped: no Chromium at ${chrome} (set CHROME_PATH to run them)`);
  process.exit(0);
}

const repo = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
// Anything else on the command line goes to Vitest (CI adds its JSON reporter).
const passThrough = process.argv.slice(2).filter((a) => a !== '--require');
const result = spawnSync(process.execPath, [vitest, 'run', '--config', 'e2e/vitest.config.ts', ...passThrough], {
  cwd: repo,
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
});
process.exit(result.status ?? 1);
