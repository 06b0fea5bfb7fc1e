import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests: one real server and one Chromium, files run one after another. */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
    // A browser and a server on a busy machine: what a test waits for may take more than the
    // default second to show (it passes as soon as it does).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
